import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, Invoice, type InvoiceInput } from '@lintel/contracts';
import { queryRows } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { readPdfText } from '../../lib/documents/read-pdf-text.ts';
import {
  createCompanyWithRoles,
  createTestApp,
  expectStatus,
  type SignedIn,
  type TestApp,
} from '../../test/harness.ts';
import {
  caller,
  createLetProperty,
  createOwnerOfUser,
  recordPayment,
  rentBody,
  setFinanceSettings,
  type Company,
} from '../../test/money-fixtures.ts';

const body = (overrides: Partial<InvoiceInput> = {}): InvoiceInput => ({
  clientType: 'other',
  clientName: 'Acme Holdings',
  clientAddress: '1 Main Street, Harare',
  clientEmail: 'accounts@acme.example',
  currency: 'USD',
  issueDate: '2026-11-01',
  dueDate: '2026-11-30',
  lines: [
    { description: 'Inspection', quantity: '1.5', unitPrice: 3333 },
    { description: 'Call-out', quantity: 2, unitPrice: 1001 },
  ],
  notes: 'Thank you',
  ...overrides,
});

describe('invoices API', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let co: Company;
  let other: Company;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    [co, other] = await Promise.all([createCompanyWithRoles(t.app), createCompanyWithRoles(t.app)]);
    await Promise.all([setFinanceSettings(t, co), setFinanceSettings(t, other)]);
  });
  afterAll(() => t.close());

  const create = async (user: SignedIn, overrides: Partial<InvoiceInput> = {}) =>
    Invoice.parse(expectStatus(await call(user, 'POST', '/api/invoices', body(overrides)), 201).data);
  const issue = async (user: SignedIn, id: string) =>
    Invoice.parse(expectStatus(await call(user, 'POST', `/api/invoices/${id}/issue`), 200).data);
  /** An invoice's audit trail: each entry's action and the status before and after it. */
  const trail = async (id: string) =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, id))
        .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
    ).map((row) => [
      row.action,
      (row.before as Invoice | null)?.status ?? null,
      (row.after as Invoice | null)?.status ?? null,
    ]);

  it('emails the client the invoice PDF when it is issued, if the invoice has an email', async () => {
    const email = `billing-${randomUUID().slice(0, 8)}@client.example`;
    const draft = await create(co.accountant, { clientEmail: email });
    const mailOf = () =>
      queryRows<{ kind: string; dedupe_key: string; data: Record<string, unknown>; attachments: unknown }>(
        t.database.db,
        sql`select kind, dedupe_key, data, attachments from mail_messages where recipient = ${email}`,
      );
    expect(await mailOf()).toEqual([]);
    const issued = await issue(co.accountant, draft._id);
    expect(await mailOf()).toEqual([
      {
        kind: 'invoice',
        dedupe_key: `invoice:${issued._id}`,
        data: {
          clientName: 'Acme Holdings',
          invoiceNumber: issued.number,
          total: formatMoney(issued.total, 'USD'),
          dueDate: '30 Nov 2026',
        },
        attachments: [{ source: 'invoice', id: issued._id }],
      },
    ]);

    const withoutEmail = await issue(co.accountant, (await create(co.accountant, { clientEmail: '' }))._id);
    expect(
      await queryRows(
        t.database.db,
        sql`select count(*)::int as n from mail_messages where dedupe_key = ${`invoice:${withoutEmail._id}`}`,
      ),
    ).toEqual([{ n: 0 }]);
  });

  it('computes line amounts half-up in minor units, VAT from settings, and audits', async () => {
    const draft = await create(co.accountant);
    // 1.5 × 33.33 = 49.995 → 50.00; 2 × 10.01 = 20.02; VAT 15% of 70.02 = 10.503 → 10.50.
    expect(draft.lines.map((line) => [line.quantityMilli, line.amount])).toEqual([
      [1500, 5000],
      [2000, 2002],
    ]);
    expect(draft).toMatchObject({
      status: 'draft',
      number: null,
      subtotal: 7002,
      vatRateBp: 1500,
      vat: 1050,
      total: 8052,
    });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, draft._id));
    expect(audits.map((row) => row.action)).toEqual(['invoice.created']);
  });

  it('charges no VAT when the company is not VAT-registered', async () => {
    const plain = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, plain, { vatRegistered: false });
    const issued = await issue(plain.accountant, (await create(plain.accountant))._id);
    expect(issued).toMatchObject({ vatRateBp: 0, vat: 0, subtotal: 7002, total: 7002 });
  });

  it('rejects quantities with more than 3 decimals, a disabled currency and a due date before issue', async () => {
    const lines = [{ description: 'x', quantity: '1.2345', unitPrice: 100 }];
    expectStatus(await call(co.accountant, 'POST', '/api/invoices', body({ lines })), 400);
    expectStatus(await call(co.accountant, 'POST', '/api/invoices', body({ dueDate: '2026-10-01' })), 400);
    const currency = expectStatus(
      await call(co.accountant, 'POST', '/api/invoices', body({ currency: 'EUR' })),
      422,
    );
    expect(currency.code).toBe('CURRENCY_NOT_ENABLED');
  });

  it('edits a draft; an issued invoice is immutable (422) and numbered with the prefix', async () => {
    const draft = await create(co.accountant);
    const edited = Invoice.parse(
      expectStatus(
        await call(co.accountant, 'PUT', `/api/invoices/${draft._id}`, {
          ...body({ lines: [{ description: 'Only line', quantity: '3', unitPrice: 1000 }] }),
          __v: draft.__v,
        }),
        200,
      ).data,
    );
    expect(edited).toMatchObject({ subtotal: 3000, vat: 450, total: 3450, __v: draft.__v + 1 });
    const stale = await call(co.accountant, 'PUT', `/api/invoices/${draft._id}`, {
      ...body(),
      __v: draft.__v,
    });
    expect(expectStatus(stale, 409).code).toBe('STALE_VERSION');
    const issued = await issue(co.accountant, draft._id);
    expect(issued.number).toMatch(/^INV-\d{6}$/);
    expect(issued.total).toBe(3450);
    const change = await call(co.accountant, 'PUT', `/api/invoices/${draft._id}`, {
      ...body(),
      __v: issued.__v,
    });
    expect(expectStatus(change, 422).code).toBe('INVOICE_NOT_DRAFT');
    expectStatus(await call(co.accountant, 'POST', `/api/invoices/${draft._id}/issue`), 422);
    expect(await trail(draft._id)).toEqual([
      ['invoice.created', null, 'draft'],
      ['invoice.updated', 'draft', 'draft'],
      ['invoice.issued', 'draft', 'issued'],
    ]);
  });

  it('voids an issued invoice and reissues a draft copy that replaces it', async () => {
    const issued = await issue(co.accountant, (await create(co.accountant))._id);
    const reply = expectStatus(
      await call(co.accountant, 'POST', `/api/invoices/${issued._id}/void`, {
        reason: 'Wrong client',
        reissue: true,
      }),
      200,
    ).data;
    expect(reply.voided).toMatchObject({ status: 'void', voidReason: 'Wrong client', number: issued.number });
    expect(reply.reissued).toMatchObject({
      status: 'draft',
      number: null,
      replacesId: issued._id,
      total: issued.total,
    });
    expect(reply.reissued.lines).toEqual(issued.lines);
    expect(await trail(issued._id)).toEqual([
      ['invoice.created', null, 'draft'],
      ['invoice.issued', 'draft', 'issued'],
      ['invoice.voided', 'issued', 'void'],
    ]);
    expect(await trail(reply.reissued._id)).toEqual([['invoice.created', null, 'draft']]);
    expectStatus(
      await call(co.accountant, 'POST', `/api/invoices/${issued._id}/void`, { reason: 'Again' }),
      422,
    );
    const plain = await issue(co.accountant, (await create(co.accountant))._id);
    const voided = expectStatus(
      await call(co.accountant, 'POST', `/api/invoices/${plain._id}/void`, { reason: 'Duplicate' }),
      200,
    ).data;
    expect(voided.reissued).toBeNull();
  });

  it('20 concurrent issues get distinct, contiguous numbers', async () => {
    const fresh = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, fresh, { invoicePrefix: 'TAX-' });
    const drafts = await Promise.all(Array.from({ length: 20 }, () => create(fresh.accountant)));
    const issued = await Promise.all(drafts.map((draft) => issue(fresh.accountant, draft._id)));
    const numbers = issued.map((invoice) => Number(invoice.number!.slice(4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(issued.every((invoice) => invoice.number!.startsWith('TAX-'))).toBe(true);
  });

  it('marks an issued invoice paid by a payment of the company only', async () => {
    const { lease } = await createLetProperty(t, co);
    const payment = await recordPayment(t, co.accountant, rentBody(lease, 8052, { type: 'other' }));
    const rent = await recordPayment(t, co.accountant, rentBody(lease, 8052));
    const { lease: foreignLease } = await createLetProperty(t, other);
    const foreign = await recordPayment(t, other.accountant, rentBody(foreignLease, 8052, { type: 'other' }));
    const draft = await create(co.accountant);
    const early = await call(co.accountant, 'POST', `/api/invoices/${draft._id}/mark-paid`, {
      paymentId: payment._id,
    });
    expect(expectStatus(early, 422).code).toBe('INVOICE_NOT_ISSUED');
    await issue(co.accountant, draft._id);
    const cross = await call(co.accountant, 'POST', `/api/invoices/${draft._id}/mark-paid`, {
      paymentId: foreign._id,
    });
    expect(expectStatus(cross, 422).code).toBe('INVALID_PAYMENT');
    // Rent is not an invoice's receipt.
    const byRent = await call(co.accountant, 'POST', `/api/invoices/${draft._id}/mark-paid`, {
      paymentId: rent._id,
    });
    expect(expectStatus(byRent, 422).code).toBe('INVALID_PAYMENT');
    const paid = Invoice.parse(
      expectStatus(
        await call(co.accountant, 'POST', `/api/invoices/${draft._id}/mark-paid`, { paymentId: payment._id }),
        200,
      ).data,
    );
    expect(paid).toMatchObject({
      status: 'paid',
      kind: 'agency',
      paymentId: payment._id,
      paidFrom: 'payment',
    });
    expect(paid.journalId).not.toBeNull();
    expect(paid.paidAt).not.toBeNull();
    expect((await trail(draft._id)).at(-1)).toEqual(['invoice.paid', 'issued', 'paid']);
    const second = await issue(co.accountant, (await create(co.accountant))._id);
    const reused = await call(co.accountant, 'POST', `/api/invoices/${second._id}/mark-paid`, {
      paymentId: payment._id,
    });
    expect(expectStatus(reused, 409).code).toBe('PAYMENT_ALREADY_LINKED');
    expectStatus(await call(co.accountant, 'POST', `/api/invoices/${draft._id}/void`, { reason: 'x' }), 422);
  });

  it('lists with search, status and the overdue flag', async () => {
    const fresh = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, fresh);
    const late = await issue(
      fresh.accountant,
      (await create(fresh.accountant, { clientName: 'Late Payer Ltd', dueDate: '2026-11-10' }))._id,
    );
    const current = await issue(
      fresh.accountant,
      (await create(fresh.accountant, { dueDate: '2026-12-31' }))._id,
    );
    await create(fresh.accountant, { clientName: 'Draft Co' });
    expect(late.isOverdue).toBe(true);
    expect(current.isOverdue).toBe(false);
    const list = async (query: string) =>
      expectStatus(await call(fresh.admin, 'GET', `/api/invoices?${query}`), 200) as {
        data: Invoice[];
        meta: { total: number };
      };
    expect((await list('overdue=true')).data.map((invoice) => invoice._id)).toEqual([late._id]);
    expect((await list('q=late payer')).data.map((invoice) => invoice._id)).toEqual([late._id]);
    expect((await list(`q=${current.number}`)).data.map((invoice) => invoice._id)).toEqual([current._id]);
    expect((await list('status=draft')).meta.total).toBe(1);
    expect((await list('')).meta.total).toBe(3);
  });

  it('an owner reads only issued invoices addressed to them', async () => {
    const fresh = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, fresh);
    const ownerId = await createOwnerOfUser(t, fresh, 'Olive Owner');
    const theirs = await create(fresh.accountant, {
      clientType: 'owner',
      clientId: ownerId,
      clientName: null,
    });
    expect(theirs.clientName).toBe('Olive Owner');
    const someoneElse = await issue(fresh.accountant, (await create(fresh.accountant))._id);
    expectStatus(await call(fresh.owner, 'GET', `/api/invoices/${theirs._id}`), 404);
    await issue(fresh.accountant, theirs._id);
    expect(
      Invoice.parse(expectStatus(await call(fresh.owner, 'GET', `/api/invoices/${theirs._id}`), 200).data)
        ._id,
    ).toBe(theirs._id);
    expectStatus(await call(fresh.owner, 'GET', `/api/invoices/${someoneElse._id}`), 404);
    expectStatus(await call(fresh.owner, 'GET', `/api/invoices/${someoneElse._id}/pdf`), 404);
    const listed = expectStatus(await call(fresh.owner, 'GET', '/api/invoices'), 200).data as Invoice[];
    expect(listed.map((invoice) => invoice._id)).toEqual([theirs._id]);
    const owner = await call(
      fresh.accountant,
      'POST',
      '/api/invoices',
      body({ clientType: 'owner', clientId: fresh.owner.user._id }),
    );
    expect(expectStatus(owner, 422).code).toBe('INVALID_CLIENT');
  });

  it('fills a tenant client from the record and refuses another company’s tenant', async () => {
    const tenant = expectStatus(
      await call(co.admin, 'POST', '/api/tenants', { name: 'Tariro Tenant', email: 'tariro@tenant.example' }),
      201,
    ).data as { _id: string };
    const invoice = await create(co.accountant, {
      clientType: 'tenant',
      clientId: tenant._id,
      clientName: null,
      clientEmail: null,
    });
    expect(invoice).toMatchObject({ clientName: 'Tariro Tenant', clientEmail: 'tariro@tenant.example' });
    const { tenant: foreign } = await createLetProperty(t, other);
    const refused = await call(
      co.accountant,
      'POST',
      '/api/invoices',
      body({ clientType: 'tenant', clientId: foreign._id }),
    );
    expect(expectStatus(refused, 422).code).toBe('INVALID_CLIENT');
  });

  it('serves a PDF with the number, total, client and bank details', async () => {
    const company = expectStatus(await call(co.admin, 'GET', '/api/companies/current'), 200).data;
    const bankAccounts = [
      {
        bankName: 'Trust Bank',
        accountName: 'Agency Trust',
        accountNumber: '4455667788',
        branch: 'Avondale',
        currency: 'USD',
      },
    ];
    expectStatus(
      await call(co.admin, 'PUT', `/api/companies/${company._id}`, { bankAccounts, __v: company.__v }),
      200,
    );
    const issued = await issue(co.accountant, (await create(co.accountant))._id);
    const pdf = await call(co.admin, 'GET', `/api/invoices/${issued._id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await readPdfText(pdf.rawPayload);
    expect(text).toContain(issued.number!);
    expect(text).toContain('$80.52');
    expect(text).toContain('Acme Holdings');
    expect(text).toContain('$10.50');
    expect(text).toContain('4455667788');
  });

  it('enforces the role matrix on every endpoint', async () => {
    const draft = await create(co.accountant);
    const issued = await issue(co.accountant, (await create(co.accountant))._id);
    const { lease } = await createLetProperty(t, co);
    const payment = await recordPayment(t, co.accountant, rentBody(lease, 100));
    const writes: [string, string, unknown][] = [
      ['POST', '/api/invoices', body()],
      ['PUT', `/api/invoices/${draft._id}`, { ...body(), __v: draft.__v }],
      ['POST', `/api/invoices/${draft._id}/issue`, undefined],
      ['POST', `/api/invoices/${issued._id}/void`, { reason: 'x' }],
      ['POST', `/api/invoices/${issued._id}/mark-paid`, { paymentId: payment._id }],
    ];
    const reads = ['/api/invoices', `/api/invoices/${issued._id}`, `/api/invoices/${issued._id}/pdf`];
    for (const user of [co.agent, co.other]) {
      for (const url of reads) expect((await call(user, 'GET', url)).statusCode).toBe(403);
      for (const [method, url, payload] of writes)
        expectStatus(await call(user, method, url, payload as never), 403);
    }
    for (const user of [co.admin, co.owner]) {
      for (const [method, url, payload] of writes)
        expectStatus(await call(user, method, url, payload as never), 403);
    }
    for (const url of reads) expect((await call(co.admin, 'GET', url)).statusCode).toBe(200);
    expectStatus(await call(null, 'GET', '/api/invoices'), 401);
  });

  it('keeps companies apart: another company’s invoice is 404 and never listed', async () => {
    const draft = await create(co.accountant);
    const issued = await issue(co.accountant, (await create(co.accountant))._id);
    const stranger = other.accountant;
    for (const url of [
      `/api/invoices/${issued._id}`,
      `/api/invoices/${issued._id}/pdf`,
      '/api/invoices/not-a-uuid',
    ]) {
      expectStatus(await call(stranger, 'GET', url), 404);
    }
    expectStatus(
      await call(stranger, 'PUT', `/api/invoices/${draft._id}`, { ...body(), __v: draft.__v }),
      404,
    );
    expectStatus(await call(stranger, 'POST', `/api/invoices/${draft._id}/issue`), 404);
    expectStatus(await call(stranger, 'POST', `/api/invoices/${issued._id}/void`, { reason: 'x' }), 404);
    const { lease } = await createLetProperty(t, other);
    const payment = await recordPayment(t, other.accountant, rentBody(lease, 100));
    expectStatus(
      await call(stranger, 'POST', `/api/invoices/${issued._id}/mark-paid`, { paymentId: payment._id }),
      404,
    );
    const listed = expectStatus(await call(other.admin, 'GET', '/api/invoices?pageSize=100'), 200)
      .data as Invoice[];
    expect(listed.some((invoice) => invoice._id === issued._id || invoice._id === draft._id)).toBe(false);
    expect(
      (expectStatus(await call(co.accountant, 'GET', `/api/invoices/${draft._id}`), 200).data as Invoice)
        .status,
    ).toBe('draft');
  });
});
