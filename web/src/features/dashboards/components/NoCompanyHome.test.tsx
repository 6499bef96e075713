import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@lintel/contracts';
import {
  COMPANY_ID,
  makeCompany,
  makeUser,
  storeSession,
  userWithoutCompany,
} from '../../../test/fixtures.ts';
import { deferred, mockHttp } from '../../../test/http-mock.ts';
import { currentPath } from '../../../test/render.tsx';
import { AuthProvider } from '../../../session/index.ts';
import { renderHome } from '../test/render-home.tsx';
import { NoCompanyHome } from './NoCompanyHome.tsx';

/** The new session creating or joining a company answers; the old one has ended. */
const newSession = (user: User, status = 200) => ({
  status,
  data: {
    status: 'success',
    user,
    company: makeCompany({ name: 'Nia Lettings' }),
    token: 'access-new',
    refreshToken: 'refresh-new',
  },
});

/** Signed in (stored session, validated by /auth/me) as a user without a company, on /dashboard. */
async function renderWithoutCompany() {
  const user = userWithoutCompany();
  storeSession(user, { access: 'access-old', refresh: 'refresh-old' });
  const server = mockHttp().on('GET', '/auth/me', { status: 200, data: { status: 'success', user } });
  renderHome(
    '/dashboard',
    <AuthProvider>
      <NoCompanyHome />
    </AuthProvider>,
  );
  await waitFor(() => expect(server.callsTo('GET', '/auth/me')).toHaveLength(1));
  return { server, person: userEvent.setup() };
}

const section = (name: string) => screen.getByRole('region', { name });
const storedUser = () => JSON.parse(localStorage.getItem('user') ?? 'null') as User | null;

describe('NoCompanyHome', () => {
  it("shows SPEC's message and both ways forward, each a titled section with its form", async () => {
    const { server } = await renderWithoutCompany();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/Ada$/);
    expect(screen.getByText('User is not associated with any company')).toBeInTheDocument();
    const create = section('Create an agency');
    for (const label of ['Company name', 'Company address', 'Company phone', 'Company email', 'TIN number'])
      expect(within(create).getByRole('textbox', { name: label })).toBeInTheDocument();
    expect(within(create).getByRole('button', { name: 'Create agency' })).toBeEnabled();
    const join = section('Join with an invitation code');
    expect(within(join).getByRole('textbox', { name: 'Invitation code' })).toBeInTheDocument();
    expect(within(join).getByRole('button', { name: 'Join company' })).toBeEnabled();
    // Nothing company-scoped is asked for.
    expect(server.calls.map((call) => call.url)).toEqual(['/auth/me']);
  });

  it('creating an agency sends the new company, stores the new session and lands on the admin home', async () => {
    const { server, person } = await renderWithoutCompany();
    const admin = makeUser({ role: 'admin', companyId: COMPANY_ID });
    const reply = deferred();
    server.on('POST', '/auth/create-company', async () => {
      await reply.promise;
      return newSession(admin, 201);
    });
    const create = section('Create an agency');
    await person.type(within(create).getByLabelText('Company name'), 'Nia Lettings');
    await person.type(within(create).getByLabelText('Company address'), '5 Market Street');
    await person.type(within(create).getByLabelText('Company phone'), '+263 77 000 0000');
    await person.type(within(create).getByLabelText('Company email'), 'office@nia.example');
    await person.type(within(create).getByLabelText('Registration number'), 'REG-9');
    await person.type(within(create).getByLabelText('TIN number'), 'TIN-9');
    await person.click(within(create).getByRole('button', { name: 'Create agency' }));

    // Pending: the button says so and cannot be pressed twice.
    const button = within(create).getByRole('button', { name: 'Create agency' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    reply.resolve();

    await waitFor(() => expect(currentPath()).toBe('/admin-dashboard'));
    const [call] = server.callsTo('POST', '/auth/create-company');
    expect(call?.authorization).toBe('Bearer access-old');
    expect(call?.body).toEqual({
      name: 'Nia Lettings',
      address: '5 Market Street',
      phone: '+263 77 000 0000',
      email: 'office@nia.example',
      registrationNumber: 'REG-9',
      tinNumber: 'TIN-9',
    });
    expect(localStorage.getItem('accessToken')).toBe('access-new');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-new');
    expect(storedUser()).toEqual(admin);
    expect(localStorage.getItem('companyId')).toBe(COMPANY_ID);
  });

  it('says what is missing before sending anything', async () => {
    const { server, person } = await renderWithoutCompany();
    await person.click(within(section('Create an agency')).getByRole('button', { name: 'Create agency' }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveAttribute('aria-invalid', 'true');
    await person.click(
      within(section('Join with an invitation code')).getByRole('button', { name: 'Join company' }),
    );
    expect(await screen.findByText('Invitation code is required')).toBeInTheDocument();
    expect(server.calls.map((call) => call.url)).toEqual(['/auth/me']);
  });

  it("joining with a code stores the new session and lands on the invited role's home", async () => {
    const { server, person } = await renderWithoutCompany();
    const agent = makeUser({ role: 'agent', companyId: COMPANY_ID });
    server.on('POST', '/auth/accept-invitation', newSession(agent));
    const join = section('Join with an invitation code');
    await person.type(within(join).getByLabelText('Invitation code'), '  INVITE-7 ');
    await person.click(within(join).getByRole('button', { name: 'Join company' }));

    await waitFor(() => expect(currentPath()).toBe('/agent-dashboard'));
    expect(server.callsTo('POST', '/auth/accept-invitation')[0]?.body).toEqual({ code: 'INVITE-7' });
    expect(localStorage.getItem('accessToken')).toBe('access-new');
    expect(storedUser()).toEqual(agent);
    expect(localStorage.getItem('companyId')).toBe(COMPANY_ID);
  });

  it("shows the server's message when the code is refused, keeping the session as it was", async () => {
    const { server, person } = await renderWithoutCompany();
    const message = 'This invitation code is not valid: it has expired. Ask for a new one.';
    server.on('POST', '/auth/accept-invitation', {
      status: 400,
      data: { status: 'error', code: 'INVALID_INVITATION', message },
    });
    const join = section('Join with an invitation code');
    await person.type(within(join).getByLabelText('Invitation code'), 'OLD-CODE');
    await person.click(within(join).getByRole('button', { name: 'Join company' }));

    expect(await within(join).findByRole('alert')).toHaveTextContent(message);
    expect(currentPath()).toBe('/dashboard');
    expect(localStorage.getItem('accessToken')).toBe('access-old');
    expect(storedUser()?.companyId).toBeNull();
    // Editing the code clears the message.
    await person.type(within(join).getByLabelText('Invitation code'), 'X');
    expect(within(join).queryByRole('alert')).not.toBeInTheDocument();
  });
});
