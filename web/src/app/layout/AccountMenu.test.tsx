import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, userWithoutCompany } from '../../test/fixtures.ts';
import { currentPath, renderAt } from '../../test/render.tsx';
import { AccountMenu, avatarLetter } from './AccountMenu.tsx';

describe('avatarLetter (SPEC §2 "Top bar")', () => {
  it.each([
    [{ firstName: 'ada' }, 'A'],
    [{ firstName: 'Zoë' }, 'Z'],
    [{ firstName: '  bob ' }, 'B'],
    [{ firstName: '' }, 'U'],
    [{ firstName: '   ' }, 'U'],
    [null, 'U'],
  ])('%j → %s', (user, letter) => {
    expect(avatarLetter(user)).toBe(letter);
  });
});

describe('AccountMenu', () => {
  it('shows the letter and offers Profile, Settings and Logout', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    renderAt('/agent-dashboard', <AccountMenu user={makeUser({ firstName: 'Grace' })} onLogout={onLogout} />);
    expect(screen.getByRole('button', { name: 'Account' })).toHaveTextContent('G');

    await user.click(screen.getByRole('button', { name: 'Account' }));
    // The menu's code comes on the first opening.
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Profile',
      'Settings',
      'Logout',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(currentPath()).toBe('/settings');

    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('offers a user without a company only Logout (their profile and settings need one)', async () => {
    const user = userEvent.setup();
    renderAt('/dashboard', <AccountMenu user={userWithoutCompany()} onLogout={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Logout']);
  });
});
