import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { newPage, notificationsStreaming, signInThroughForm } from './support/browser.ts';
import { app, browser, startAppAndBrowser } from './support/suite.ts';

// A company of its own, every free text in it hostile: no demo company needed.
startAppAndBrowser({ env: { DEMO_DATA: 'false' } });

/**
 * Markup that runs script if it is ever inserted as HTML (an attribute broken out of, an image
 * handler, an SVG handler, a script element), ending in a mark that names the field, so each
 * field's text can be found where it is shown.
 */
const hostileText = (mark: string) =>
  `"'><svg onload=__xss=1><img src=x onerror=__xss=1><script>__xss=1</script>${mark}`;
/** Every field's mark, and the marks some screen or file was seen to show. */
const stored = new Set<string>();
const seen = new Set<string>();
const hostile = (mark: string) => {
  stored.add(mark);
  return hostileText(mark);
};
const PASSWORD = 'a-strong-password';
const today = new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface Session {
  token: string;
  email: string;
}

async function api<T = Record<string, unknown>>(
  session: Session | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method,
    headers: {
      ...(session ? { authorization: `Bearer ${session.token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}
const data = async <T = { _id: string; __v: number }>(...args: Parameters<typeof api>) =>
  (await api<{ data: T }>(...args)).data;

async function signUp(company: unknown, name: string, email = `${randomUUID().slice(0, 8)}@xss.test`) {
  const session = await api<{ token: string }>(null, 'POST', '/auth/signup', {
    email,
    password: PASSWORD,
    name,
    company,
  });
  return { token: session.token, email };
}

/** Everything the test stored, by what it is. */
interface World {
  admin: Session;
  agent: Session;
  owner: Session;
  accountant: Session;
  other: Session;
  propertyId: string;
  leaseId: string;
  tenantId: string;
  agentId: string;
  paymentId: string;
  invoiceId: string;
  approvalRequestId: string;
  workRequestId: string;
}

async function storeHostileText(): Promise<World> {
  const admin = await signUp(
    {
      name: hostile('x:company-name'),
      address: hostile('x:company-address'),
      phone: '+263 77 000 0000',
      email: `office-${randomUUID().slice(0, 8)}@xss.test`,
      registrationNumber: 'CR 1/2020',
      tinNumber: '2000000001',
    },
    'Ada Admin',
  );
  const company = await data<{ _id: string; __v: number }>(admin, 'GET', '/companies/current');
  await api(admin, 'PUT', `/companies/${company._id}`, {
    description: hostile('x:company-description'),
    website: hostile('x:company-website'),
    bankAccounts: [
      {
        bankName: hostile('x:company-bank'),
        accountName: hostile('x:company-account-name'),
        accountNumber: '1234567890',
        branch: hostile('x:company-branch'),
      },
    ],
    __v: company.__v,
  });
  await api(admin, 'PUT', '/me', {
    firstName: hostile('x:admin-first'),
    lastName: hostile('x:admin-last'),
    email: admin.email,
  });

  const ownerId = (
    await data(admin, 'POST', '/owners', {
      name: hostile('x:owner-name'),
      notes: hostile('x:owner-notes'),
      idNumber: hostile('x:owner-id'),
      bankDetails: {
        bankName: hostile('x:owner-bank'),
        accountName: hostile('x:owner-account-name'),
        accountNumber: '998877',
      },
    })
  )._id;
  const member = async (role: string, name: string, extra: Record<string, string> = {}) => {
    const { code } = await data<{ code: string }>(admin, 'POST', '/users/invitations', { role, ...extra });
    return signUp(code, name);
  };
  const agent = await member('agent', hostile('x:agent-name'));
  const owner = await member('owner', hostile('x:owner-user'), { ownerId });
  const accountant = await member('accountant', hostile('x:accountant-name'));
  const other = await member('other', hostile('x:other-name'));
  const agentId = (await api<{ user: { _id: string } }>(agent, 'GET', '/auth/me')).user._id;

  const propertyId = (
    await data(admin, 'POST', '/properties', {
      name: hostile('x:property-name'),
      address: hostile('x:property-address'),
      description: hostile('x:property-description'),
      type: 'house',
      ownerId,
      agentId,
      currency: 'USD',
      rentAmount: 100000,
    })
  )._id;
  const tenantId = (
    await data(admin, 'POST', '/tenants', {
      name: hostile('x:tenant-name'),
      notes: hostile('x:tenant-notes'),
      idNumber: hostile('x:tenant-id'),
    })
  )._id;
  const leaseId = (
    await data(admin, 'POST', '/leases', {
      propertyId,
      tenantId,
      startDate: daysFromToday(-60),
      // Ends within 30 days: on the dashboards' "leases ending" lists.
      endDate: daysFromToday(20),
      rentAmount: 100000,
      depositAmount: 50000,
      terms: hostile('x:lease-terms'),
    })
  )._id;
  await api(admin, 'POST', `/leases/${leaseId}/activate`);

  const pay = (body: Record<string, unknown>) =>
    data(
      accountant,
      'POST',
      '/payments',
      { leaseId, currency: 'USD', method: 'bank_transfer', paymentDate: today, ...body },
      {
        'idempotency-key': randomUUID(),
      },
    );
  const paymentId = (
    await pay({
      type: 'rent',
      amount: 100000,
      reference: hostile('x:payment-reference'),
      payerName: hostile('x:payment-payer'),
      notes: hostile('x:payment-notes'),
    })
  )._id;
  await pay({ type: 'deposit', amount: 50000, reference: '=HYPERLINK("http://evil.example","x:formula")' });
  // Cells a spreadsheet would run as formulas, for the CSV export.
  const reversed = await pay({ type: 'rent', amount: 1000, reference: '+x:plus-formula' });
  await pay({ type: 'rent', amount: 500, reference: '@x:at-formula', payerName: '-2+3' });
  await api(accountant, 'POST', `/payments/${reversed._id}/reverse`, {
    reason: hostile('x:reversal-reason'),
  });

  await api(accountant, 'POST', '/expenses', {
    propertyId,
    supplier: hostile('x:expense-supplier'),
    description: hostile('x:expense-description'),
    amount: 5000,
    currency: 'USD',
    method: 'cash',
    reference: hostile('x:expense-reference'),
  });
  await api(accountant, 'POST', '/payouts', {
    accountType: 'property',
    accountId: propertyId,
    amount: 10000,
    currency: 'USD',
    method: 'bank_transfer',
    reference: hostile('x:payout-reference'),
  });
  await api(accountant, 'POST', '/levies', {
    propertyId,
    bodyCorporate: hostile('x:levy-body'),
    contact: hostile('x:levy-contact'),
    amount: 7000,
    currency: 'USD',
    startDate: today.slice(0, 8) + '01',
  });

  const invoiceId = (
    await data(accountant, 'POST', '/invoices', {
      clientType: 'other',
      clientName: hostile('x:invoice-client'),
      clientAddress: hostile('x:invoice-address'),
      currency: 'USD',
      issueDate: today,
      dueDate: daysFromToday(14),
      lines: [{ description: hostile('x:invoice-line'), quantity: 1, unitPrice: 25000 }],
      notes: hostile('x:invoice-notes'),
    })
  )._id;
  await api(accountant, 'POST', `/invoices/${invoiceId}/issue`);

  // Above the owner's approval limit: waits for the owner.
  const approvalRequestId = (
    await data(agent, 'POST', '/maintenance', {
      propertyId,
      title: hostile('x:approval-title'),
      description: hostile('x:approval-description'),
      priority: 'high',
      estimatedCost: 100000,
      currency: 'USD',
    })
  )._id;
  const workRequestId = (
    await data(agent, 'POST', '/maintenance', {
      propertyId,
      title: hostile('x:maintenance-title'),
      description: hostile('x:maintenance-description'),
      priority: 'medium',
      estimatedCost: 1000,
      currency: 'USD',
      assignedSupplier: hostile('x:maintenance-supplier'),
    })
  )._id;
  await api(admin, 'POST', `/maintenance/${workRequestId}/transition`, {
    to: 'approved',
    note: hostile('x:maintenance-note'),
  });
  stored.add('x:attachment-name');
  const photo = new FormData();
  photo.append(
    'file',
    new Blob([
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    ]),
    // A file name has no room for quotes or slashes: the tag alone.
    '<img src=x onerror=__xss=1>x:attachment-name.png',
  );
  const upload = await fetch(`${app.baseUrl}/api/maintenance/${workRequestId}/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${agent.token}` },
    body: photo,
  });
  expect(upload.status).toBe(201);

  const assignees = await data<{ _id: string; role: string }[]>(admin, 'GET', '/tasks/assignees');
  for (const assignee of assignees.filter((person) =>
    ['agent', 'other', 'accountant'].includes(person.role),
  )) {
    await api(admin, 'POST', '/tasks', {
      title: hostile(`x:task-title-${assignee.role}`),
      description: hostile(`x:task-description-${assignee.role}`),
      dueDate: today,
      assigneeId: assignee._id,
    });
  }
  return {
    admin,
    agent,
    owner,
    accountant,
    other,
    propertyId,
    leaseId,
    tenantId,
    agentId,
    paymentId,
    invoiceId,
    approvalRequestId,
    workRequestId,
  };
}

/** A signed-in page that records anything script-like happening on it. */
async function watchedPage(session: Session) {
  const page = await newPage(browser, app.baseUrl);
  const streaming = notificationsStreaming(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // A blocked inline script or handler would be HTML that got in: Lintel's CSP refuses it, this
  // records it. (Not 'eval': zod tries `Function('')` once to see whether it may compile parsers,
  // is refused, and parses without; stored text cannot reach eval without inline script first.)
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.blockedURI !== 'eval')
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  await signInThroughForm(page, session.email, PASSWORD);
  await page.waitForURL(/dashboard/);
  return { page, dialogs, streaming };
}

/** Whether the page shows `mark` as text, or holds it in a form field. */
const shows = (page: Page, mark: string) =>
  page.evaluate((text) => {
    const fields = [...document.querySelectorAll('input, textarea')].map(
      (field) => (field as HTMLInputElement).value,
    );
    return [document.body.innerText, ...fields].some((value) => value.includes(text));
  }, mark);

async function expectInert(page: Page, dialogs: string[], where: string) {
  const state = await page.evaluate(() => ({
    ran: (window as unknown as { __xss?: unknown }).__xss,
    violations: (window as unknown as { __cspViolations: string[] }).__cspViolations,
    injected: document.querySelectorAll('img[src="x"], svg[onload], script:not([src])').length,
  }));
  expect(state.ran, `script ran on ${where}`).toBeUndefined();
  expect(state.violations, `CSP violations on ${where}`).toEqual([]);
  expect(state.injected, `elements made from stored text on ${where}`).toBe(0);
  expect(dialogs, `dialogs on ${where}`).toEqual([]);
}

interface Screen {
  path: string;
  /** Marks that must be on the screen once it has loaded (and `open` has run). */
  marks: string[];
  /** Something to do first, e.g. open a row's details. */
  open?: (page: Page) => Promise<void>;
}

async function visit(session: Session, screens: Screen[]) {
  const { page, dialogs } = await watchedPage(session);
  for (const screen of screens) {
    await page.goto(screen.path);
    await screen.open?.(page);
    for (const mark of screen.marks) {
      await expect
        .poll(
          async () => {
            // Charts and the owner's statement draw as they come near the screen
            // (web/src/components/use-near-view.ts): scroll to what still waits, as a person would.
            await page.evaluate(() =>
              document.querySelector('.MuiSkeleton-root')?.scrollIntoView({ block: 'center' }),
            );
            return shows(page, mark);
          },
          { message: `${mark} on ${screen.path}` },
        )
        .toBe(true);
    }
    await expectInert(page, dialogs, screen.path);
    for (const mark of stored) if (await shows(page, mark)) seen.add(mark);
  }
  await page.context().close();
}

/** Opens the first button named exactly as the stored text of `mark` (a row's action, a task card). */
const clickNamed = (prefix: string, mark: string) => async (page: Page) => {
  await page
    .getByRole('button', { name: `${prefix}${hostileText(mark)}`, exact: true })
    .first()
    .click();
};
const clickRow = (text: string) => async (page: Page) => {
  await page.getByRole('row').filter({ hasText: text }).first().click();
};
const clickTab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name }).click();
};

/** A file the API serves, as text: a PDF's text (white space dropped, as lines wrap anywhere) or a CSV. */
async function fileText(session: Session, path: string) {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(response.status, path).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.subarray(0, 5).toString() !== '%PDF-') return bytes.toString('utf8');
  const parser = new PDFParse({ data: bytes });
  try {
    return (await parser.getText()).text.replace(/\s+/g, '');
  } finally {
    await parser.destroy();
  }
}

describe('stored HTML and script in every free-text field stays text', () => {
  let w: World;

  it('stores hostile text in every free-text field through the API', async () => {
    w = await storeHostileText();
  });

  it('the admin’s screens show it as text and run none of it', async () => {
    await visit(w.admin, [
      {
        path: '/admin-dashboard',
        marks: ['x:company-name', 'x:admin-first', 'x:property-name', 'x:tenant-name'],
      },
      {
        path: '/admin-dashboard/properties',
        marks: ['x:property-name', 'x:property-address', 'x:owner-name', 'x:property-description'],
        open: clickNamed('Edit ', 'x:property-name'),
      },
      {
        path: '/admin-dashboard/owners',
        marks: ['x:owner-name', 'x:owner-notes', 'x:owner-id', 'x:owner-bank', 'x:owner-account-name'],
        open: clickNamed('Edit ', 'x:owner-name'),
      },
      { path: '/admin-dashboard/tenants', marks: ['x:tenant-name', 'x:tenant-id'] },
      {
        path: `/admin-dashboard/tenants/${w.tenantId}`,
        marks: ['x:tenant-name', 'x:tenant-notes', 'x:property-name'],
      },
      { path: '/leases', marks: ['x:tenant-name', 'x:property-name'] },
      { path: `/leases/${w.leaseId}`, marks: ['x:lease-terms', 'x:tenant-name', 'x:property-name'] },
      {
        path: '/admin/payments',
        marks: ['x:property-name', 'x:payment-reference', 'x:payment-payer', 'x:payment-notes'],
        open: clickRow('RCT-000001'),
      },
      { path: '/admin/payments', marks: ['x:reversal-reason'], open: clickRow('RCT-000003') },
      { path: '/admin/maintenance', marks: ['x:maintenance-title', 'x:approval-title', 'x:property-name'] },
      {
        path: `/maintenance/${w.workRequestId}`,
        marks: [
          'x:maintenance-title',
          'x:maintenance-description',
          'x:maintenance-supplier',
          'x:maintenance-note',
          'x:agent-name',
          'x:attachment-name',
        ],
      },
      { path: `/maintenance/${w.approvalRequestId}`, marks: ['x:approval-title', 'x:approval-description'] },
      {
        path: '/admin-dashboard/company',
        marks: [
          'x:company-name',
          'x:company-address',
          'x:company-description',
          'x:company-website',
          'x:company-bank',
          'x:company-account-name',
          'x:company-branch',
        ],
      },
      {
        // The newest entries first: the tasks, stored last.
        path: '/admin-dashboard/audit',
        marks: ['x:agent-name', 'x:task-title-agent', 'x:task-description-agent'],
        open: async (page) => {
          await page.getByRole('button', { name: 'View task.created' }).first().click();
        },
      },
      {
        path: '/admin-dashboard/tasks',
        marks: ['x:task-title-agent', 'x:task-description-agent'],
        open: clickNamed('', 'x:task-title-agent'),
      },
      { path: '/admin-dashboard/property-accounts', marks: ['x:property-name', 'x:owner-name'] },
      {
        path: `/admin-dashboard/property-accounts/${w.propertyId}`,
        marks: [
          'x:payment-reference',
          'x:payment-payer',
          'x:reversal-reason',
          'x:expense-supplier',
          'x:expense-description',
          'x:expense-reference',
          'x:payout-reference',
        ],
      },
      {
        path: '/admin/users',
        marks: ['x:admin-first', 'x:agent-name', 'x:owner-user', 'x:accountant-name', 'x:other-name'],
      },
      { path: '/profile', marks: ['x:admin-first', 'x:admin-last'] },
    ]);
  });

  it('the accountant’s screens and reports', async () => {
    await visit(w.accountant, [
      { path: '/accountant-dashboard', marks: ['x:task-title-accountant'] },
      { path: '/accountant-dashboard/payments', marks: ['x:property-name', 'x:tenant-name'] },
      { path: '/accountant-dashboard/agent-accounts', marks: ['x:agent-name'] },
      {
        path: `/accountant-dashboard/agent-accounts/${w.agentId}`,
        marks: ['x:agent-name', 'x:payment-payer'],
      },
      { path: '/accountant-dashboard/commissions', marks: ['x:agent-name'] },
      { path: '/accountant-dashboard/written-invoices', marks: ['x:invoice-client'] },
      { path: '/accountant-dashboard/levies', marks: ['x:levy-body', 'x:levy-contact', 'x:property-name'] },
      {
        path: '/accountant-dashboard/reports',
        marks: ['x:property-name', 'x:tenant-name'],
        open: clickTab('Rent roll'),
      },
      { path: '/accountant-dashboard/reports', marks: ['x:owner-name'], open: clickTab('Owner statements') },
      {
        path: '/accountant-dashboard/tasks',
        marks: ['x:task-title-accountant', 'x:task-description-accountant'],
        open: clickNamed('', 'x:task-title-accountant'),
      },
    ]);
  });

  it('the agent’s, the owner’s and the general dashboard', async () => {
    await visit(w.agent, [
      { path: '/agent-dashboard', marks: ['x:property-name', 'x:tenant-name', 'x:task-title-agent'] },
      { path: '/agent-dashboard/properties', marks: ['x:property-name', 'x:owner-name'] },
      { path: '/agent-dashboard/maintenance', marks: ['x:maintenance-title', 'x:approval-title'] },
      { path: '/agent-dashboard/commission', marks: ['x:payment-payer'] },
      { path: '/payments', marks: ['x:property-name', 'x:tenant-name'] },
    ]);
    await visit(w.owner, [
      {
        path: '/owner-dashboard',
        marks: [
          'x:property-name',
          'x:payment-reference',
          'x:expense-supplier',
          'x:payout-reference',
          'x:levy-body',
        ],
      },
      { path: '/owner-dashboard/properties', marks: ['x:property-name', 'x:agent-name'] },
      { path: '/owner-dashboard/maintenance', marks: ['x:approval-title'] },
      { path: `/maintenance/${w.approvalRequestId}`, marks: ['x:approval-description'] },
    ]);
    await visit(w.other, [
      { path: '/dashboard', marks: ['x:company-name', 'x:company-address', 'x:property-name'] },
    ]);
  });

  it('a notification carrying the text arrives in the bell as text', async () => {
    const { page, dialogs, streaming } = await watchedPage(w.owner);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    // A payment posted before the stream is open would not reach this page's bell.
    await streaming;
    await data(
      w.accountant,
      'POST',
      '/payments',
      { type: 'rent', leaseId: w.leaseId, amount: 2000, currency: 'USD', method: 'cash', paymentDate: today },
      { 'idempotency-key': randomUUID() },
    );
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await bell.click();
    const popup = page.locator('.MuiPopover-paper');
    await expect.poll(() => popup.textContent()).toContain(hostileText('x:property-name'));
    await expectInert(page, dialogs, 'the notification popup');
    await page.context().close();
  });

  it('receipts, invoices, statements and reports carry it as text; CSV cells that would be formulas are defused', async () => {
    const month = { from: `${today.slice(0, 8)}01`, to: today, currency: 'USD' };
    const statement = new URLSearchParams(month);
    const receipt = await fileText(w.accountant, `/payments/${w.paymentId}/receipt.pdf`);
    const invoice = await fileText(w.accountant, `/invoices/${w.invoiceId}/pdf`);
    const statementPdf = await fileText(
      w.accountant,
      `/accounts/properties/${w.propertyId}/statement?${statement}&format=pdf`,
    );
    const statementCsv = await fileText(
      w.accountant,
      `/accounts/properties/${w.propertyId}/statement?${statement}&format=csv`,
    );
    const rentRoll = await fileText(w.accountant, '/reports/rent-roll?format=csv');
    const payments = await fileText(w.accountant, '/payments/export.csv');
    const compact = (mark: string) => hostileText(mark).replace(/\s+/g, '');

    for (const mark of [
      'x:company-name',
      'x:payment-reference',
      'x:payment-payer',
      'x:property-name',
      'x:tenant-name',
    ]) {
      expect(receipt, `receipt: ${mark}`).toContain(compact(mark));
    }
    for (const mark of [
      'x:invoice-client',
      'x:invoice-address',
      'x:invoice-line',
      'x:invoice-notes',
      'x:company-bank',
    ]) {
      expect(invoice, `invoice: ${mark}`).toContain(compact(mark));
    }
    for (const mark of ['x:expense-supplier', 'x:payout-reference', 'x:property-name']) {
      expect(statementPdf, `statement PDF: ${mark}`).toContain(compact(mark));
      // A CSV cell holding quotes is quoted, its quotes doubled (RFC 4180).
      expect(statementCsv, `statement CSV: ${mark}`).toContain(hostileText(mark).replaceAll('"', '""'));
    }
    expect(rentRoll).toContain(hostileText('x:tenant-name').replaceAll('"', '""'));
    for (const mark of stored) {
      if ([receipt, invoice, statementPdf].some((text) => text.includes(compact(mark)))) seen.add(mark);
    }

    // A spreadsheet would run these; the export starts them with an apostrophe instead.
    expect(payments).toContain(`"'=HYPERLINK(""http://evil.example"",""x:formula"")"`);
    expect(payments).toContain(`'+x:plus-formula`);
    expect(payments).toContain(`'@x:at-formula`);
    expect(payments).toContain(`'-2+3`);
    expect(payments).toContain(`'-2+3`);
    expect(payments).not.toMatch(/(^|,)"?[=+@]/m);
  });

  it('shows every field it stored somewhere', () => {
    expect(
      [...stored].filter((mark) => !seen.has(mark)),
      'stored but shown nowhere',
    ).toEqual([]);
  });
});
