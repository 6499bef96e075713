import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, useRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageTitleProvider, usePageTitle, type RouteHandle } from './page-title.tsx';

function AccountPage() {
  usePageTitle('Trust USD · Bank reconciliation');
  return <Link to="/banking">Back</Link>;
}

const routes: RouteObject[] = [
  {
    path: '/banking',
    handle: { title: 'Bank reconciliation' } satisfies RouteHandle,
    element: <Link to="/banking/1">Trust USD</Link>,
  },
  { path: '/banking/:id', handle: { title: 'Bank account' }, element: <AccountPage /> },
  { path: '/plain', element: <p>No title of its own</p> },
];

/** As the app's AppRoutes (app/router.tsx) puts them together. */
function Screens() {
  return <PageTitleProvider routes={routes}>{useRoutes(routes)}</PageTitleProvider>;
}

const renderRoutes = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Screens />
    </MemoryRouter>,
  );

describe('the browser tab title', () => {
  it("names the route's screen, and a page's own title replaces it while the page is open", async () => {
    renderRoutes('/banking');
    expect(document.title).toBe('Bank reconciliation · Lintel');
    await userEvent.click(screen.getByRole('link', { name: 'Trust USD' }));
    await screen.findByRole('link', { name: 'Back' });
    expect(document.title).toBe('Trust USD · Bank reconciliation · Lintel');
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await screen.findByRole('link', { name: 'Trust USD' });
    expect(document.title).toBe('Bank reconciliation · Lintel');
  });

  it('is the app name on a route without a title', () => {
    renderRoutes('/plain');
    expect(document.title).toBe('Lintel');
  });
});
