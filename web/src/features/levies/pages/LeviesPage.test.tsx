import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role, User } from '@lintel/contracts';
import { makeUser } from '../../../test/fixtures.ts';
import { page, mockHttp, type MockServer, ok } from '../../../test/http-mock.ts';
import { renderAt, withProviders } from '../../../test/render.tsx';
import { makeLevyCharge, makeLevySchedule } from '../test/levy-fixtures.ts';
import { LeviesPage } from './LeviesPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

let server: MockServer;
const PATH = '/accountant-dashboard/levies';

function render(role: Role) {
  auth.user = makeUser({ role });
  return renderAt(
    PATH,
    withProviders(
      <Routes>
        <Route path={PATH} element={<LeviesPage />} />
      </Routes>,
    ),
  );
}

const funded = makeLevyCharge({ propertyName: 'Sunset Flats', amount: 20000, held: 100000 });
const short = makeLevyCharge({
  propertyName: 'Empty Towers',
  bodyCorporate: 'Towers BC',
  amount: 5000,
  held: 0,
});
const paid = makeLevyCharge({
  propertyName: 'Hill House',
  status: 'paid',
  paidAt: '2026-11-05T10:00:00.000Z',
});
const schedule = makeLevySchedule({ propertyName: 'Sunset Flats' });

beforeEach(() => {
  server = mockHttp();
  server.on('GET', '/levies/due', ok([funded, short, paid]));
  server.on('GET', '/levies', page([schedule]));
});

const line = (charge: typeof funded, extra: object = {}) => ({
  chargeId: charge._id,
  propertyName: charge.propertyName,
  bodyCorporate: charge.bodyCorporate,
  period: charge.period,
  amount: charge.amount,
  currency: charge.currency,
  expenseId: null,
  message: null,
  ...extra,
});

async function chooseBoth() {
  await userEvent.click(
    await screen.findByRole('checkbox', { name: 'Select Sunset Flats — Sunset Body Corporate, 2026-11' }),
  );
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select Empty Towers — Towers BC, 2026-11' }));
  await userEvent.click(screen.getByRole('button', { name: 'Pay selected (2)' }));
  return screen.findByRole('dialog', { name: 'Pay 2 levies?' });
}

describe('LeviesPage', () => {
  it('pays what can be paid after one confirmation and shows paid and refused lines', async () => {
    server.on('POST', '/levies/pay', ({ body }) =>
      ok({
        paid: [line(funded, { expenseId: (body as { chargeIds: string[] }).chargeIds[0] })],
        refused: [line(short, { message: 'The account holds $0.00: it cannot pay out more than that.' })],
      }),
    );
    render('accountant');
    const dialog = await chooseBoth();
    expect(within(dialog).getByText('$250.00')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/holds too little: Empty Towers — Towers BC, 2026-11/),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Pay what can be paid' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));

    const summary = await screen.findByRole('dialog', { name: 'Levies paid' });
    expect(server.callsTo('POST', '/levies/pay')[0]!.body).toEqual({
      chargeIds: [funded._id, short._id],
      payWhatCanBePaid: true,
    });
    expect(within(summary).getByText('1 paid ($200.00), 1 refused.')).toBeInTheDocument();
    const refused = within(summary).getByRole('region', { name: 'Refused levies' });
    expect(within(refused).getByText(/cannot pay out more than that/)).toBeInTheDocument();
  });

  it('shows the refusal and pays nothing when "Pay what can be paid" is left off', async () => {
    server.on('POST', '/levies/pay', {
      status: 422,
      data: {
        status: 'error',
        code: 'LEVIES_REFUSED',
        message: 'Nothing was paid. Empty Towers (2026-11): The account holds $0.00.',
      },
    });
    render('accountant');
    const dialog = await chooseBoth();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByText(/Nothing was paid\. Empty Towers/)).toBeInTheDocument();
    expect(server.callsTo('POST', '/levies/pay')[0]!.body).toMatchObject({ payWhatCanBePaid: false });
  });

  it('lists overdue and paid levies under their chips', async () => {
    server.on(
      'GET',
      '/levies/due',
      ok([makeLevyCharge({ propertyName: 'Old Mill', period: '2026-10', status: 'overdue' }), paid]),
    );
    render('accountant');
    await userEvent.click(await screen.findByRole('button', { name: 'Overdue (1)' }));
    expect(screen.getByText('Old Mill')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Paid (1)' }));
    expect(screen.getByText('Hill House')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Select Hill House/ })).not.toBeInTheDocument();
  });

  it('edits a schedule with its version and the amount in cents', async () => {
    server.on('PUT', `/levies/${schedule._id}`, ({ body }) =>
      ok({ ...schedule, ...(body as object), __v: 4 }),
    );
    render('accountant');
    await userEvent.click(await screen.findByRole('gridcell', { name: 'Sunset Flats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit levy — Sunset Flats' });
    const amount = within(dialog).getByRole('textbox', { name: 'Monthly amount' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '215.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('PUT', `/levies/${schedule._id}`)).toHaveLength(1));
    expect(server.callsTo('PUT', `/levies/${schedule._id}`)[0]!.body).toMatchObject({
      propertyId: schedule.propertyId,
      amount: 21550,
      currency: 'USD',
      endDate: null,
      __v: 3,
    });
  });

  it('lets an admin read levies without paying or editing', async () => {
    render('admin');
    expect(await screen.findByText('Sunset Flats', { selector: 'p' })).toBeInTheDocument();
    expect(await screen.findByText('Empty Towers')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay selected/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add levy' })).not.toBeInTheDocument();
  });

  it('never calls the levies API for a role that cannot read them', async () => {
    render('other');
    expect(await screen.findByText(/kept by your agency/)).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });
});
