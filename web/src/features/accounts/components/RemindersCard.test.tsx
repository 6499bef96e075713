import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArrearsReminder, Role, User } from '@lintel/contracts';
import { makeUser, uuid } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer, ok } from '../../../test/http-mock.ts';
import { makeLease } from '../../../test/accounts-fixtures.tsx';
import { withProviders } from '../../../test/render.tsx';
import { RemindersCard } from './RemindersCard.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

let server: MockServer;
const lease = makeLease({ status: 'active' });

const reminder = (overrides: Partial<ArrearsReminder>): ArrearsReminder => ({
  _id: uuid(),
  chargeId: uuid(),
  period: '2026-11',
  dueDate: '2026-11-01',
  stepDay: 3,
  letter: 'reminder',
  arrears: 100000,
  currency: 'USD',
  recipient: null,
  delivery: 'no-email',
  createdAt: '2026-11-04T09:00:00.000Z',
  ...overrides,
});

function renderCard(role: Role, reminders: ArrearsReminder[]) {
  auth.user = makeUser({ role });
  server.on('GET', `/leases/${lease._id}/reminders`, ok(reminders));
  return render(withProviders(<RemindersCard lease={lease} />));
}

beforeEach(() => {
  server = mockHttp();
});

describe('RemindersCard', () => {
  it('lists each reminder: the letter, the amount and month, when, and to whom or why to nobody', async () => {
    renderCard('agent', [
      reminder({
        stepDay: 30,
        letter: 'letter-of-demand',
        arrears: 60000,
        recipient: 'tariro@tenant.example',
        delivery: 'emailed',
      }),
      reminder({ stepDay: 10, letter: 'second-reminder', delivery: 'passed' }),
      reminder({ stepDay: 3, delivery: 'opted-out' }),
      reminder({ period: '2026-10', delivery: 'no-email' }),
    ]);
    const section = screen.getByRole('region', { name: 'Reminders' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(
        /^Letter of demand: \$600\.00 for Nov 2026.*day 30 · Emailed to tariro@tenant\.example$/,
      ),
      expect.stringMatching(
        /^Second reminder: \$1,000\.00 for Nov 2026.*Not sent: a later letter went out instead$/,
      ),
      expect.stringMatching(/^Reminder: .*Not emailed: the tenant opted out of reminders$/),
      expect.stringMatching(/^Reminder: \$1,000\.00 for Oct 2026.*Not emailed: no email on file$/),
    ]);
    expect(items[0]).toHaveTextContent('4 Nov 2026');
  });

  it('says so when no reminder was sent', async () => {
    renderCard('owner', []);
    expect(
      await screen.findByText('No arrears reminders have been sent for this lease.'),
    ).toBeInTheDocument();
  });

  it('is not shown, and not asked for, to a role that cannot read leases', () => {
    renderCard('other', []);
    expect(screen.queryByRole('region', { name: 'Reminders' })).not.toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });
});
