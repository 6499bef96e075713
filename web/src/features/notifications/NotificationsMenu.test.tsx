import { useEffect } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentPath, renderAt } from '../../test/render.tsx';
import { NotificationProvider, useNotifications } from './NotificationProvider.tsx';
import { NotificationsMenu } from './NotificationsMenu.tsx';
import { NOTIFICATIONS_SHOWN } from './NotificationsPopover.tsx';

let notifications: ReturnType<typeof useNotifications>;

function Capture() {
  const value = useNotifications();
  useEffect(() => {
    notifications = value;
  });
  return null;
}

function renderMenu(path = '/owner-dashboard') {
  return renderAt(
    path,
    <NotificationProvider>
      <Capture />
      <NotificationsMenu />
    </NotificationProvider>,
  );
}

const add = (title: string, link?: string) =>
  act(() => notifications.addNotification({ title, message: `${title} message`, ...(link ? { link } : {}) }));

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
/** The MUI Badge's dot inside the bell. */
const dot = () => bell().querySelector('.MuiBadge-badge');
const popup = () =>
  screen.queryByRole('heading', { name: 'Notifications' })?.closest('.MuiPopover-paper') ?? null;
/** Clicks the bell and waits for the popup, whose code comes on the first opening. */
async function openPopup(user: ReturnType<typeof userEvent.setup>) {
  await user.click(bell());
  await screen.findByRole('heading', { name: 'Notifications' });
}

describe('NotificationProvider', () => {
  it('adds new notifications at the front, unread, with an id and a creation time', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-04T05:06:07.000Z'));
    renderMenu();
    add('Older');
    add('Newer', '/leases');
    expect(notifications.notifications.map((item) => item.title)).toEqual(['Newer', 'Older']);
    expect(notifications.notifications[0]).toMatchObject({
      title: 'Newer',
      message: 'Newer message',
      link: '/leases',
      read: false,
      createdAt: '2025-03-04T05:06:07.000Z',
    });
    expect(new Set(notifications.notifications.map((item) => item.id)).size).toBe(2);
    expect(notifications.unreadCount).toBe(2);
    act(() => notifications.markAllRead());
    expect(notifications.unreadCount).toBe(0);
    expect(notifications.notifications.every((item) => item.read)).toBe(true);
  });

  it('useNotifications outside the provider throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Capture />)).toThrow('useNotifications must be used within a NotificationProvider');
  });
});

describe('NotificationsMenu (SPEC §2 "Top bar", "Notifications popup")', () => {
  it('shows a red dot on the bell while anything is unread, none when all are read', async () => {
    const user = userEvent.setup();
    renderMenu();
    expect(dot()).toHaveClass('MuiBadge-invisible');
    expect(bell()).toHaveAccessibleName('Notifications');

    add('Rent received');
    add('Lease ends soon');
    expect(dot()).not.toHaveClass('MuiBadge-invisible');
    expect(dot()).toHaveClass('MuiBadge-dot', 'MuiBadge-colorError');
    expect(bell()).toHaveAccessibleName('Notifications, 2 unread');

    // Opening marks everything read: the dot goes and stays gone after closing.
    await openPopup(user);
    expect(notifications.unreadCount).toBe(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(popup()).toBeNull());
    expect(dot()).toHaveClass('MuiBadge-invisible');
    expect(bell()).toHaveAccessibleName('Notifications');

    add('Another');
    expect(dot()).not.toHaveClass('MuiBadge-invisible');
  });

  it('the popup titled "Notifications" lists the 5 newest, each with title, message and time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-04T05:06:07.000Z'));
    const user = userEvent.setup();
    renderMenu();
    for (let index = 1; index <= 7; index++) add(`Title ${index}`);

    await openPopup(user);
    const paper = popup();
    expect(paper).not.toBeNull();
    const items = within(paper as HTMLElement).getAllByRole('button');
    expect(NOTIFICATIONS_SHOWN).toBe(5);
    expect(items).toHaveLength(5);
    expect(items.map((item) => item.querySelector('.MuiListItemText-primary')?.textContent)).toEqual([
      'Title 7',
      'Title 6',
      'Title 5',
      'Title 4',
      'Title 3',
    ]);
    for (const item of items) {
      const title = item.querySelector('.MuiListItemText-primary')?.textContent ?? '';
      expect(item).toHaveTextContent(`${title} message`);
      const time = item.querySelector('time');
      expect(time).toHaveAttribute('datetime', '2025-03-04T05:06:07.000Z');
      expect(time).toHaveTextContent(new Date('2025-03-04T05:06:07.000Z').toLocaleString());
    }
    expect(screen.queryByText('Title 2')).not.toBeInTheDocument();
    expect(screen.queryByText('No notifications')).not.toBeInTheDocument();
  });

  it('says "No notifications" when there are none', async () => {
    const user = userEvent.setup();
    renderMenu();
    await openPopup(user);
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByText('No notifications')).toBeInTheDocument();
    expect(within(popup() as HTMLElement).queryAllByRole('button')).toHaveLength(0);
  });

  it('clicking an item with a link closes the popup and goes there', async () => {
    const user = userEvent.setup();
    renderMenu('/owner-dashboard');
    add('Lease signed', '/leases');
    await openPopup(user);
    await user.click(screen.getByText('Lease signed'));
    await waitFor(() => expect(popup()).toBeNull());
    expect(currentPath()).toBe('/leases');
  });

  it('clicking an item without a link closes the popup and stays put', async () => {
    const user = userEvent.setup();
    renderMenu('/owner-dashboard');
    add('Just so you know');
    await openPopup(user);
    await user.click(screen.getByText('Just so you know'));
    await waitFor(() => expect(popup()).toBeNull());
    expect(currentPath()).toBe('/owner-dashboard');
  });
});
