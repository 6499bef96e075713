import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { OPT_OUT_LINK_INVALID, type MailOptOut } from '@lintel/contracts';
import { theme } from '../../../app/theme.ts';
import { mockHttp, ok, type MockServer } from '../../../test/http-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { OptOutPage } from './OptOutPage.tsx';

const details: MailOptOut = {
  companyName: 'Acme Lettings',
  email: 'olive@example.com',
  category: 'statements',
  optedOut: false,
};

let server: MockServer;

function renderPage(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderAt(
    path,
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <OptOutPage />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  server = mockHttp();
});

describe('OptOutPage', () => {
  it('asks first, then stops the emails the link names', async () => {
    server
      .on('GET', '/mail/opt-out', ok(details))
      .on('POST', '/mail/opt-out', ok({ ...details, optedOut: true }));
    const user = renderPage('/opt-out?token=abc.def');
    expect(await screen.findByText(/Stop emailing statements from/)).toHaveTextContent(
      'Stop emailing statements from Acme Lettings to olive@example.com?',
    );
    // Opening the link changes nothing: a mail scanner following it cannot opt anyone out.
    expect(server.callsTo('POST', '/mail/opt-out')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Stop these emails' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'olive@example.com will get no more statements from Acme Lettings by email.',
    );
    expect(server.callsTo('POST', '/mail/opt-out')[0]?.body).toEqual({ token: 'abc.def' });
  });

  it('says so when the link is not one this server signed, or has no code', async () => {
    server.on('GET', '/mail/opt-out', {
      status: 400,
      data: { status: 'error', code: 'OPT_OUT_LINK_INVALID', message: OPT_OUT_LINK_INVALID },
    });
    renderPage('/opt-out?token=forged');
    expect(await screen.findByRole('alert')).toHaveTextContent(OPT_OUT_LINK_INVALID);
  });

  it('an incomplete link asks nothing of the server', async () => {
    renderPage('/opt-out');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete');
    expect(server.callsTo('GET', '/mail/opt-out')).toHaveLength(0);
  });
});
