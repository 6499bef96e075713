import pg from 'pg';

/**
 * The generated world, straight into PostgreSQL as the superuser (row-level security does not
 * apply to it) with set-based `INSERT … SELECT generate_series(…)`. Every id is an md5 of what it
 * is (`scale_id('property', company, property)`, marked as a version-4 uuid), so a run is repeatable and the mix can name any
 * row without asking. Amounts follow the posting code exactly (payments/record-payment.ts with
 * the default finance settings: 10% commission, 60% of it the agent's, no VAT), so the app's own
 * trial balance and trust reconciliation must agree with what is written here. Beside the rent:
 * a monthly body-corporate levy on every apartment (levies/service.ts payLevies: an expense
 * journal, property → trust bank, paid on the 6th and taken off the next payout; the last month
 * and half of the one before left due), four written invoices a month (invoices/service.ts
 * markInvoicePaid into the business bank: fee income; last month's odd ones and a few older
 * ones left unpaid, overdue), and a trust bank account with one imported statement of every
 * trust bank movement since the first of last month, all unmatched, for the mix to match.
 */
export const PROPERTIES_PER_COMPANY = 500;
export const OWNERS_PER_COMPANY = 50;
/** Every tenth property is vacant; the rest are let from the first month on. */
export const LET_PER_COMPANY = PROPERTIES_PER_COMPANY - PROPERTIES_PER_COMPANY / 10;
export const MONTHS = 24;
const TASKS_PER_COMPANY = 200;
/** Written invoices per company: four a month (three to owners, one to another client). */
export const INVOICES_PER_COMPANY = 4 * MONTHS;
/**
 * The trust bank statement's first day: the first of last month. Its lines are every trust bank
 * movement from then to today; the rent receipts among them are left for the mix to match.
 */
const STATEMENT_FROM = `scale_month(${MONTHS - 2})`;
const MAINTENANCE_PER_COMPANY = 100;
const COMMISSION_BP = 1000;
const AGENT_SHARE_BP = 6000;
/** Companies per ledger transaction: big enough for set-based speed, small enough to share out. */
const COMPANIES_PER_BATCH = 2;
/** Connections loading batches side by side: one per core of the machine it was made for. */
const LEDGER_WORKERS = 2;

export const ROLE_USERS = [
  { role: 'admin', n: 1 },
  { role: 'accountant', n: 2 },
  { role: 'agent', n: 3 },
  { role: 'agent', n: 4 },
] as const;
export const emailOf = (company: number, n: number) => `user${n}.c${company}@scale.bench`;

export interface Phase {
  phase: string;
  rows: number;
  seconds: number;
}

/**
 * The immutable helpers the generator's SQL uses, in the bench database only. Numbers are cast to
 * text explicitly: `text || int` is only stable, and PostgreSQL inlines an immutable SQL function
 * only when its body is immutable too; called instead of inlined, they took three quarters of
 * the time of the ledger lines' insert.
 */
const HELPERS = `
create or replace function scale_id(kind text, a int, b int default 0, c int default 0) returns uuid
  language sql immutable parallel safe as $$
  select overlay(overlay(md5(kind || ':' || a::text || ':' || b::text || ':' || c::text) placing '4' from 13) placing '8' from 17)::uuid $$;
create or replace function scale_property_name(p int) returns text language sql immutable parallel safe as $$
  select (array['Acacia','Baobab','Cedar','Jacaranda','Msasa','Mopane','Marula','Fig','Palm','Willow','Aloe','Protea'])[1 + p % 12]
    || ' ' || (array['Court','House','Flats','Villa','Lodge','Gardens'])[1 + (p / 12) % 6] || ' ' || p::text $$;
create or replace function scale_tenant_name(c int, p int) returns text language sql immutable parallel safe as $$
  select (array['Tendai','Rudo','Farai','Chipo','Tatenda','Nyasha','Kuda','Tinashe'])[1 + p % 8] || ' '
    || (array['Moyo','Ncube','Dube','Sibanda','Mpofu','Banda','Phiri','Zulu','Chirwa'])[1 + (p / 8) % 9] || ' ' || c::text || '-' || p::text $$;
create or replace function scale_month(m int) returns date language sql stable as $$
  select (date_trunc('month', current_date) - make_interval(months => ${MONTHS - 1} - m))::date $$;
`;

/** The rent split of record-payment.ts (contracts splitRent, percentOf rounds half up). */
const SPLIT = `
  p.rent_cents as amount,
  (p.rent_cents * ${COMMISSION_BP} + 5000) / 10000 as commission,
  (((p.rent_cents * ${COMMISSION_BP} + 5000) / 10000) * ${AGENT_SHARE_BP} + 5000) / 10000 as agent_share`;

/**
 * A levy property's monthly levy (the apartments, pn % 5 = 1, all let): $30–$60, far under the
 * owner's share of the rent ($450 at least), so paying it never takes the account below zero.
 */
const LEVY = '(3000 + (pn % 7) * 500)';

/**
 * Let properties of companies first..last with their month m: the rows every rent phase reads, made
 * once per batch into a temporary table (dropped at its commit), with every id, number and text
 * the phases write worked out once here rather than once per row written.
 */
const letMonths = (first: number, last: number) => `
  select c, pn, m, scale_id('company', c) as company_id, scale_id('property', c, pn) as property_id,
         scale_id('lease', c, pn) as lease_id, scale_id('tenant', c, pn) as tenant_id, p.agent_id,
         p.name as property_name, scale_tenant_name(c, pn) as tenant_name, ${SPLIT},
         scale_id('user', c, 2) as accountant_id, scale_month(m) as month, scale_month(m) + pn % 5 as day,
         (scale_month(m) + interval '1 month 9 days')::date as payout_day,
         scale_id('charge', c, pn, m) as charge_id, scale_id('payment', c, pn, m) as payment_id,
         scale_id('rt', c, pn, m) as trust_journal_id, scale_id('rb', c, pn, m) as business_journal_id,
         scale_id('po', c, pn, m) as payout_journal_id, receipt,
         case when pn % 5 = 1 and (m < ${MONTHS - 2} or (m = ${MONTHS - 2} and pn % 10 = 1)) then ${LEVY} else 0 end as levy_paid,
         scale_month(m) + 5 as levy_day,
         receipt || ' rent from ' || scale_tenant_name(c, pn) || ' — ' || p.name as rent_description,
         'Payout to the owner of ' || p.name as payout_description
  from generate_series(${first}, ${last}) c
  cross join generate_series(1, ${PROPERTIES_PER_COMPANY}) pn
  cross join generate_series(0, ${MONTHS - 1}) m
  cross join lateral (select 'RCT-' || lpad((m * ${LET_PER_COMPANY} + pn - pn / 10)::text, 6, '0') as receipt) r
  join properties p on p.id = scale_id('property', c, pn)
  where pn % 10 <> 0`;

/**
 * Companies first..last's written invoices, four a month: three to owners, one to another client,
 * each one line of a fee. Most are paid into the business bank ten to nineteen days after issue;
 * last month's odd ones and every nineteenth older one are issued and unpaid (overdue), and one
 * dated after today is still a draft (no number). Numbers follow issue order.
 */
const invoiceRows = (first: number, last: number) => `
  select c, i, k.company_id, scale_id('invoice', c, i) as invoice_id, scale_id('ip', c, i) as journal_id, k.accountant_id,
         d.issue_date, d.issue_date + 30 as due_date,
         case when d.issue_date > current_date then 'draft'
              when (k.m < ${MONTHS - 2} and i % 19 <> 0) or (k.m = ${MONTHS - 2} and k.q % 2 = 0) then 'paid'
              else 'issued' end as status,
         'INV-' || lpad(i::text, 6, '0') as number,
         case when k.q = 3 then 'other' else 'owner' end as client_type,
         case when k.q < 3 then scale_id('owner', c, k.o) end as client_id,
         case when k.q = 3 then 'Residents Association ' || c::text || '-' || i::text
              else 'Owner ' || k.o::text || ' of agency ' || c::text end as client_name,
         (array['Management fee', 'Inspection fee', 'Letting fee', 'Advertising'])[1 + k.q] as description,
         15000 + (i % 8) * 2500 as price,
         least(d.issue_date + 10 + i % 10, current_date) as paid_day
  from generate_series(${first}, ${last}) c
  cross join generate_series(1, ${INVOICES_PER_COMPANY}) i
  cross join lateral (select (i - 1) / 4 as m, (i - 1) % 4 as q, 1 + (i * 7) % ${OWNERS_PER_COMPANY} as o,
                             scale_id('company', c) as company_id, scale_id('user', c, 2) as accountant_id) k
  cross join lateral (select scale_month(k.m) + k.q * 7 as issue_date) d`;

/** Once for all companies: the people and places (cheap next to the ledger). */
function entitySteps(hash: string): [string, string][] {
  const companies = `generate_series(1, $1::int) c`;
  return [
    [
      'companies',
      `insert into companies (id, name, address, phone, email, registration_number, tin_number, subscription_status)
       select scale_id('company', c), 'Scale Agency ' || c, c || ' Bench Road, Harare', '+263 77 000 ' || lpad(c::text, 4, '0'),
              'office.c' || c || '@scale.bench', 'CR ' || c || '/2020', lpad(c::text, 10, '0'), 'active'
       from ${companies}`,
    ],
    [
      'users',
      `insert into users (id, company_id, email, password_hash, first_name, last_name, role)
       select scale_id('user', c, r.n), scale_id('company', c), 'user' || r.n || '.c' || c || '@scale.bench',
              '${hash}', initcap(r.role), 'C' || c || '-' || r.n, r.role
       from ${companies} cross join (values ${ROLE_USERS.map((user) => `(${user.n}, '${user.role}')`).join(', ')}) r(n, role)`,
    ],
    [
      'owners',
      `insert into owners (id, company_id, name, phone)
       select scale_id('owner', c, o), scale_id('company', c), 'Owner ' || o || ' of agency ' || c, '+263 71 ' || lpad(o::text, 6, '0')
       from ${companies} cross join generate_series(1, ${OWNERS_PER_COMPANY}) o`,
    ],
    [
      'properties',
      `insert into properties (id, company_id, name, address, type, status, owner_id, agent_id, rent_cents, currency, bedrooms, bathrooms)
       select scale_id('property', c, pn), scale_id('company', c), scale_property_name(pn), pn || ' Ledger Lane, Harare',
              (array['apartment','house','townhouse','cottage','commercial'])[1 + pn % 5],
              case when pn % 10 = 0 then 'available' else 'occupied' end,
              scale_id('owner', c, 1 + (pn - 1) % ${OWNERS_PER_COMPANY}), scale_id('user', c, 3 + pn % 2),
              50000 + (pn % 20) * 5000, 'USD', 1 + pn % 4, 1 + pn % 2
       from ${companies} cross join generate_series(1, ${PROPERTIES_PER_COMPANY}) pn`,
    ],
    [
      'tenants',
      `insert into tenants (id, company_id, name, phone)
       select scale_id('tenant', c, pn), scale_id('company', c), scale_tenant_name(c, pn), '+263 78 ' || lpad(pn::text, 6, '0')
       from ${companies} cross join generate_series(1, ${PROPERTIES_PER_COMPANY}) pn where pn % 10 <> 0`,
    ],
    [
      'leases',
      `insert into leases (id, company_id, property_id, tenant_id, start_date, end_date, rent_cents, currency, status, activated_at)
       select scale_id('lease', c, pn), scale_id('company', c), scale_id('property', c, pn), scale_id('tenant', c, pn),
              scale_month(0), (scale_month(0) + interval '3 years' - interval '1 day')::date,
              50000 + (pn % 20) * 5000, 'USD', 'active', scale_month(0)
       from ${companies} cross join generate_series(1, ${PROPERTIES_PER_COMPANY}) pn where pn % 10 <> 0`,
    ],
    [
      'number_sequences',
      `insert into number_sequences (company_id, name, last_value)
       select scale_id('company', c), s.name, s.last_value from ${companies}
       cross join (values ('receipt', ${MONTHS * LET_PER_COMPANY}), ('fee_transfer', ${MONTHS - 1})) s(name, last_value)`,
    ],
    [
      // Last month's owner statements went out, so the calendar does not send 100,000 at start.
      'owner_statement_runs',
      `insert into owner_statement_runs (company_id, month)
       select scale_id('company', c), to_char(scale_month(${MONTHS - 2}), 'YYYY-MM') from ${companies}`,
    ],
    [
      'maintenance_requests',
      `insert into maintenance_requests (id, company_id, property_id, title, description, priority, status, requested_by, currency, estimated_cost_cents)
       select scale_id('maintenance', c, i), scale_id('company', c), scale_id('property', c, 1 + (i * 7) % ${PROPERTIES_PER_COMPANY}),
              (array['Leaking tap','Broken window','Geyser fault','Roof leak','Blocked drain'])[1 + i % 5],
              'Reported by the tenant', (array['low','medium','high','urgent'])[1 + i % 4],
              (array['pending','approved','in_progress','completed','rejected'])[1 + i % 5],
              scale_id('user', c, 3 + i % 2), 'USD', 5000 + (i % 10) * 2500
       from ${companies} cross join generate_series(1, ${MAINTENANCE_PER_COMPANY}) i`,
    ],
    [
      // Due dates around today but never today: the calendar's "due today" notices stay quiet.
      'tasks',
      `insert into tasks (id, company_id, title, due_date, priority, status, assignee_id, created_by, link_type, link_id)
       select scale_id('task', c, i), scale_id('company', c), 'Inspect ' || scale_property_name(1 + i % ${PROPERTIES_PER_COMPANY}),
              current_date + case when i % 2 = 0 then 1 + i % 45 else -1 - i % 45 end,
              (array['low','medium','high','urgent'])[1 + i % 4], (array['todo','in_progress','done'])[1 + i % 3],
              scale_id('user', c, 3 + i % 2), scale_id('user', c, 1), 'property', scale_id('property', c, 1 + i % ${PROPERTIES_PER_COMPANY})
       from ${companies} cross join generate_series(1, ${TASKS_PER_COMPANY}) i`,
    ],
  ];
}

/** The month's fee transfer per company: what the month's receipts owe the agency. */
const FEE_TRANSFERS = `
  select c, m, company_id, sum(commission) as due, max(payout_day) as day,
         'FT-' || lpad((m + 1)::text, 6, '0') as reference
  from scale_let_months where m < ${MONTHS - 1} group by c, m, company_id`;

/**
 * The trust bank statement's lines per company: every trust bank movement from STATEMENT_FROM to
 * today in the order the bank lists them (rent in, levies, payouts and the fee transfer out), and
 * the opening balance, the trust bank's ledger balance the day before. The rent receipts' lines,
 * `scale_id('bank_line', c, pn, m)` for the last two months, quote the receipt number as their
 * reference; the mix matches them to their entries.
 */
const BANK_MOVES = `
  with openings as (
    select c, sum(x) as opening from (
      select c, amount as x from scale_let_months where day < ${STATEMENT_FROM}
      union all select c, -levy_paid from scale_let_months where levy_paid > 0 and levy_day < ${STATEMENT_FROM}
      union all select c, -(amount - commission - levy_paid) from scale_let_months
                 where m < ${MONTHS - 1} and payout_day < ${STATEMENT_FROM}
      union all select c, -due from (${FEE_TRANSFERS}) t where day < ${STATEMENT_FROM}
    ) earlier group by c)
  select moves.*, openings.opening from (
    select c, pn, 1 as kind, day as line_date, scale_id('bank_line', c, pn, m) as id, amount,
           'Transfer from ' || tenant_name as description, receipt as reference, tenant_name as counterparty,
           'SB' || c::text || '-R' || pn::text || '-' || m::text as transaction_id
    from scale_let_months where m >= ${MONTHS - 2} and day <= current_date
    union all
    select c, pn, 2, levy_day, scale_id('bank_levy', c, pn, m), -levy_paid, 'Payment to Body Corporate of ' || property_name,
           null, 'Body Corporate of ' || property_name, 'SB' || c::text || '-L' || pn::text || '-' || m::text
    from scale_let_months where levy_paid > 0 and levy_day between ${STATEMENT_FROM} and current_date
    union all
    select c, pn, 3, payout_day, scale_id('bank_payout', c, pn, m), -(amount - commission - levy_paid),
           'Payment to the owner of ' || property_name, null, null, 'SB' || c::text || '-P' || pn::text || '-' || m::text
    from scale_let_months where m < ${MONTHS - 1} and payout_day between ${STATEMENT_FROM} and current_date
    union all
    select c, 0, 4, day, scale_id('bank_fee', c, m), -due, 'Transfer to the business account', reference, null,
           'SB' || c::text || '-F' || m::text
    from (${FEE_TRANSFERS}) t where day between ${STATEMENT_FROM} and current_date
  ) moves join openings using (c)`;

/**
 * Per batch of companies, in one transaction (its journals' balance is checked before its
 * commit): every month's rent charge and receipt (two linked journals: trust 3 lines, business
 * 4), its allocation; the owner's payout of last month's share on the 10th; the monthly fee
 * transfer of what is due to the agency from trust to the business bank (two linked journals, 2
 * lines each); the apartments' levy schedules, their monthly charges and the paid ones' expenses
 * (a trust journal of 2 lines each, taken off that month's payout); the written invoices and the
 * paid ones' business journals (2 lines each); the trust bank account and its statement.
 */
const LEDGER_STEPS: [string, string][] = [
  [
    'rent_charges',
    `insert into rent_charges (id, company_id, lease_id, period, due_date, amount_cents, currency)
     select charge_id, company_id, lease_id, to_char(month, 'YYYY-MM'), month, amount, 'USD'
     from scale_let_months`,
  ],
  [
    'journals (rent)',
    `insert into journals (id, company_id, kind, description, reference, entry_date, book, linked_id, posted_by)
     select case when b.book = 'trust' then trust_journal_id else business_journal_id end, company_id, 'payment_rent',
            rent_description, receipt, day, b.book, case when b.book = 'business' then trust_journal_id end, accountant_id
     from scale_let_months cross join (values ('trust'), ('business')) b(book)`,
  ],
  [
    'ledger_lines (rent)',
    `insert into ledger_lines (company_id, journal_id, account, book, currency, amount_cents, entry_date, kind, description, reference)
     select company_id, case when line.book = 'trust' then trust_journal_id else business_journal_id end, line.account, line.book, 'USD',
            line.amount, day, 'payment_rent', rent_description, receipt
     from scale_let_months cross join lateral (values
       (1, 'trust', 'trust:bank', amount),
       (2, 'trust', 'property:' || property_id, -(amount - commission)),
       (3, 'trust', 'trust:due-to-agency', -commission),
       (4, 'business', 'business:due-from-trust', commission),
       (5, 'business', 'business:commission-income', -commission),
       (6, 'business', 'business:agents-commission', agent_share),
       (7, 'business', 'agent:' || agent_id, -agent_share)
     ) line(n, book, account, amount)
     order by c, m, pn, line.n`,
  ],
  [
    'payments',
    `insert into payments (id, company_id, receipt_number, type, status, property_id, lease_id, tenant_id, agent_id, payer_name,
                           amount_cents, currency, method, payment_date, commission_rate_bp, agent_share_bp, vat_rate_bp,
                           commission_cents, agent_share_cents, agency_share_cents, vat_cents, owner_cents, journal_id, received_by)
     select payment_id, company_id, receipt, 'rent', 'completed', property_id, lease_id, tenant_id, agent_id, tenant_name, amount, 'USD',
            (array['bank_transfer','cash','mobile_money','card'])[1 + pn % 4], day,
            ${COMMISSION_BP}, ${AGENT_SHARE_BP}, 0, commission, agent_share, commission - agent_share, 0, amount - commission,
            trust_journal_id, accountant_id
     from scale_let_months`,
  ],
  [
    'allocations',
    `insert into allocations (id, company_id, payment_id, charge_id, amount_cents)
     select scale_id('allocation', c, pn, m), company_id, payment_id, charge_id, amount
     from scale_let_months`,
  ],
  [
    'journals (payouts)',
    `insert into journals (id, company_id, kind, description, entry_date, book, posted_by)
     select payout_journal_id, company_id, 'payout', payout_description, payout_day, 'trust', accountant_id
     from scale_let_months where m < ${MONTHS - 1}`,
  ],
  [
    'ledger_lines (payouts)',
    `insert into ledger_lines (company_id, journal_id, account, book, currency, amount_cents, entry_date, kind, description)
     select company_id, payout_journal_id, line.account, 'trust', 'USD', line.amount, payout_day, 'payout', payout_description
     from scale_let_months cross join lateral (values
       (1, 'property:' || property_id, amount - commission - levy_paid), (2, 'trust:bank', -(amount - commission - levy_paid))
     ) line(n, account, amount)
     where m < ${MONTHS - 1}
     order by c, m, pn, line.n`,
  ],
  [
    'payouts',
    `insert into payouts (id, company_id, account_type, account_id, amount_cents, currency, method, payout_date, journal_id, created_by)
     select scale_id('payout', c, pn, m), company_id, 'property', property_id, amount - commission - levy_paid, 'USD', 'bank_transfer',
            payout_day, payout_journal_id, accountant_id
     from scale_let_months where m < ${MONTHS - 1}`,
  ],
  [
    'journals (fee transfers)',
    `insert into journals (id, company_id, kind, description, reference, entry_date, book, linked_id)
     select scale_id(b.prefix, t.c, t.m), t.company_id, 'fee_transfer', t.reference || ' fees from trust to the business account',
            t.reference, t.day, b.book, case when b.book = 'business' then scale_id('ftt', t.c, t.m) end
     from (${FEE_TRANSFERS}) t
     cross join (values ('ftt', 'trust'), ('ftb', 'business')) b(prefix, book)`,
  ],
  [
    'ledger_lines (fee transfers)',
    `insert into ledger_lines (company_id, journal_id, account, book, currency, amount_cents, entry_date, kind, description, reference)
     select t.company_id, scale_id(line.prefix, t.c, t.m), line.account, line.book, 'USD', line.sign * t.due, t.day, 'fee_transfer',
            t.reference || ' fees from trust to the business account', t.reference
     from (${FEE_TRANSFERS}) t
     cross join (values
       (1, 'ftt', 'trust', 'trust:due-to-agency', 1), (2, 'ftt', 'trust', 'trust:bank', -1),
       (3, 'ftb', 'business', 'business:bank', 1), (4, 'ftb', 'business', 'business:due-from-trust', -1)
     ) line(n, prefix, book, account, sign)
     order by t.c, t.m, line.n`,
  ],
  [
    'levy_schedules',
    `insert into levy_schedules (id, company_id, property_id, body_corporate, contact, amount_cents, currency, start_date)
     select scale_id('levy', c, pn), company_id, property_id, 'Body Corporate of ' || property_name,
            '+263 24 ' || lpad(pn::text, 6, '0'), ${LEVY}, 'USD', month
     from scale_let_months where m = 0 and pn % 5 = 1`,
  ],
  [
    // levies/service.ts payLevies → accounts payPropertyExpense → ledger payOutOf: property → trust bank.
    'journals (levies)',
    `insert into journals (id, company_id, kind, description, entry_date, book, posted_by)
     select scale_id('lv', c, pn, m), company_id, 'expense',
            'Body Corporate of ' || property_name || ': Levy ' || to_char(month, 'YYYY-MM') || ' — ' || property_name,
            levy_day, 'trust', accountant_id
     from scale_let_months where levy_paid > 0`,
  ],
  [
    'ledger_lines (levies)',
    `insert into ledger_lines (company_id, journal_id, account, book, currency, amount_cents, entry_date, kind, description)
     select company_id, scale_id('lv', c, pn, m), line.account, 'trust', 'USD', line.amount, levy_day, 'expense',
            'Body Corporate of ' || property_name || ': Levy ' || to_char(month, 'YYYY-MM') || ' — ' || property_name
     from scale_let_months cross join lateral (values
       (1, 'property:' || property_id, levy_paid), (2, 'trust:bank', -levy_paid)
     ) line(n, account, amount)
     where levy_paid > 0
     order by c, m, pn, line.n`,
  ],
  [
    'expenses (levies)',
    `insert into expenses (id, company_id, property_id, supplier, description, amount_cents, currency, method, expense_date,
                           journal_id, created_by, source)
     select scale_id('levy_expense', c, pn, m), company_id, property_id, 'Body Corporate of ' || property_name,
            'Levy ' || to_char(month, 'YYYY-MM'), levy_paid, 'USD', 'bank_transfer', levy_day, scale_id('lv', c, pn, m),
            accountant_id, jsonb_build_object('levyChargeId', scale_id('levy_charge', c, pn, m))
     from scale_let_months where levy_paid > 0`,
  ],
  [
    // What ensureLevyCharges would raise (period, due on the 1st), so the screens raise nothing.
    'levy_charges',
    `insert into levy_charges (id, company_id, schedule_id, property_id, period, due_date, amount_cents, currency, expense_id, paid_at)
     select scale_id('levy_charge', c, pn, m), company_id, scale_id('levy', c, pn), property_id, to_char(month, 'YYYY-MM'),
            month, ${LEVY}, 'USD', case when levy_paid > 0 then scale_id('levy_expense', c, pn, m) end,
            case when levy_paid > 0 then levy_day + time '09:00' end
     from scale_let_months where pn % 5 = 1`,
  ],
  [
    'invoices',
    `insert into invoices (id, company_id, number, status, client_type, kind, paid_from, journal_id, client_id, client_name,
                           currency, issue_date, due_date, vat_rate_bp, subtotal_cents, vat_cents, total_cents, paid_at, paid_on,
                           created_by)
     select invoice_id, company_id, case when status <> 'draft' then number end, status, client_type, 'agency',
            case when status = 'paid' then 'business_bank' end, case when status = 'paid' then journal_id end, client_id,
            client_name, 'USD', issue_date, due_date, 0, price, 0, price,
            case when status = 'paid' then paid_day + time '10:00' end, case when status = 'paid' then paid_day end,
            accountant_id
     from scale_invoices`,
  ],
  [
    'invoice_lines',
    `insert into invoice_lines (id, company_id, invoice_id, position, description, quantity_milli, unit_price_cents, amount_cents)
     select scale_id('invoice_line', c, i), company_id, invoice_id, 0, description, 1000, price, price from scale_invoices`,
  ],
  [
    // invoices/service.ts markInvoicePaid, paidFrom business_bank (no VAT registered: no VAT line).
    'journals (invoices)',
    `insert into journals (id, company_id, kind, description, reference, entry_date, book, posted_by)
     select journal_id, company_id, 'invoice_payment', number || ' paid into the business bank by bank transfer', number,
            paid_day, 'business', accountant_id
     from scale_invoices where status = 'paid'`,
  ],
  [
    'ledger_lines (invoices)',
    `insert into ledger_lines (company_id, journal_id, account, book, currency, amount_cents, entry_date, kind, description, reference)
     select company_id, journal_id, line.account, 'business', 'USD', line.amount, paid_day, 'invoice_payment',
            number || ' paid into the business bank by bank transfer', number
     from scale_invoices cross join lateral (values
       (1, 'business:bank', price), (2, 'business:fee-income', -price)
     ) line(n, account, amount)
     where status = 'paid'
     order by c, i, line.n`,
  ],
  [
    'number_sequences (invoice)',
    `insert into number_sequences (company_id, name, last_value)
     select company_id, 'invoice', count(*) filter (where status <> 'draft') from scale_invoices group by company_id`,
  ],
  [
    'bank_accounts',
    `insert into bank_accounts (id, company_id, book, currency, name, bank_name, account_number)
     select scale_id('bank_account', c), scale_id('company', c), 'trust', 'USD', 'Trust account', 'Scale Bank',
            lpad(c::text, 10, '0')
     from (select distinct c from scale_bank_moves) b`,
  ],
  [
    'bank_statements',
    `insert into bank_statements (id, company_id, bank_account_id, format, file_name, from_date, to_date, opening_cents,
                                  closing_cents, line_count, added_count, imported_by)
     select scale_id('bank_statement', c), scale_id('company', c), scale_id('bank_account', c), 'csv',
            'trust-' || to_char(current_date, 'YYYY-MM-DD') || '.csv', ${STATEMENT_FROM}, max(line_date),
            min(opening), min(opening) + sum(amount), count(*), count(*), scale_id('user', c, 2)
     from scale_bank_moves group by c`,
  ],
  [
    'bank_lines',
    `insert into bank_lines (id, company_id, bank_account_id, statement_id, position, line_date, description, reference,
                             counterparty, amount_cents, balance_cents, bank_transaction_id, identity)
     select id, scale_id('company', c), scale_id('bank_account', c), scale_id('bank_statement', c),
            row_number() over (partition by c order by line_date, kind, pn) - 1, line_date, description, reference,
            counterparty, amount,
            opening + sum(amount) over (partition by c order by line_date, kind, pn rows unbounded preceding),
            transaction_id, 'id:' || transaction_id
     from scale_bank_moves`,
  ],
];

const TABLES = [
  'companies',
  'users',
  'owners',
  'properties',
  'tenants',
  'leases',
  'rent_charges',
  'payments',
  'allocations',
  'payouts',
  'journals',
  'ledger_lines',
  'maintenance_requests',
  'tasks',
  'levy_schedules',
  'levy_charges',
  'expenses',
  'invoices',
  'invoice_lines',
  'bank_accounts',
  'bank_statements',
  'bank_lines',
];

/** The tables a ledger batch writes (the carried balances by the lines' trigger). */
const LEDGER_TABLES = [
  'rent_charges',
  'journals',
  'ledger_lines',
  'payments',
  'allocations',
  'payouts',
  'account_month_balances',
  'account_balances',
  'levy_schedules',
  'levy_charges',
  'expenses',
  'invoices',
  'invoice_lines',
  'number_sequences',
  'bank_accounts',
  'bank_statements',
  'bank_lines',
];

/**
 * Every foreign key of the ledger tables, as the schema has it (pg_constraint), made into a query
 * counting the rows whose key has no parent row: once over whole tables after the load, a hash
 * join each (per batch, the batch's rows of a table without a company index, or any table with
 * statistics from before the load, would be read by scanning all earlier batches).
 */
async function foreignKeyChecks(client: pg.Client) {
  const keys = await client.query<{ name: string; child: string; parent: string; pairs: [string, string][] }>(
    `select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
            (select json_agg(json_build_array(ca.attname, pa.attname) order by k.i)
               from unnest(c.conkey, c.confkey) with ordinality k(child_column, parent_column, i)
               join pg_attribute ca on ca.attrelid = c.conrelid and ca.attnum = k.child_column
               join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = k.parent_column) as pairs
       from pg_constraint c
      where c.contype = 'f' and c.conrelid::regclass::text = any($1)
      order by 2, 1`,
    [LEDGER_TABLES],
  );
  return keys.rows.map(({ name, child, parent, pairs }) => ({
    name,
    // MATCH SIMPLE: a key with a null column refers to nothing.
    query: `select count(*)::int as n from ${child} c
             where ${pairs.map(([column]) => `c."${column}" is not null`).join(' and ')}
               and not exists (select from ${parent} p where ${pairs.map(([column, key]) => `p."${key}" = c."${column}"`).join(' and ')})`,
  }));
}

export async function generate(
  client: pg.Client,
  /** The database `client` is connected to: the ledger workers open connections of their own. */
  url: string,
  companies: number,
  passwordHash: string,
  say: (text: string) => void,
): Promise<{ phases: Phase[]; counts: Record<string, number> }> {
  const phases: Phase[] = [];
  const timed = async (phase: string, work: () => Promise<number>) => {
    const started = performance.now();
    const rows = await work();
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    phases.push({ phase, rows, seconds });
    say(
      `   ${phase.padEnd(32)} ${rows.toLocaleString('en-US').padStart(12)} rows ${seconds.toFixed(1).padStart(7)} s`,
    );
  };
  await client.query(HELPERS);
  for (const [name, text] of entitySteps(passwordHash)) {
    await timed(name, async () => (await client.query(text, [companies])).rowCount ?? 0);
  }
  const ledgerTotals = new Map<string, number>();
  const ledgerSeconds = new Map<string, number>();
  const step = async (name: string, work: () => Promise<number>) => {
    const started = performance.now();
    const rows = await work();
    ledgerTotals.set(name, (ledgerTotals.get(name) ?? 0) + rows);
    ledgerSeconds.set(name, (ledgerSeconds.get(name) ?? 0) + (performance.now() - started) / 1000);
  };
  const ledgerStarted = performance.now();
  let linesSoFar = 0;
  const batch = async (worker: pg.Client, first: number, last: number) => {
    const started = performance.now();
    await worker.query('begin');
    // Foreign keys are checked set-based after the load, not by a query per row (over half the
    // lines' time).
    await worker.query('set local session_replication_role = replica');
    // Every line this batch inserts gets a later number; the other worker's lines in between are
    // told apart by their company.
    const from = (await worker.query<{ seq: string }>('select last_value as seq from ledger_lines_seq_seq'))
      .rows[0]!.seq;
    await worker.query(`create temp table scale_let_months on commit drop as ${letMonths(first, last)}`);
    await worker.query('analyze scale_let_months');
    await worker.query(`create temp table scale_invoices on commit drop as ${invoiceRows(first, last)}`);
    await worker.query(`create temp table scale_bank_moves on commit drop as ${BANK_MOVES}`);
    for (const [name, text] of LEDGER_STEPS) {
      await step(name, async () => {
        const rows = (await worker.query(text)).rowCount ?? 0;
        if (name.startsWith('ledger_lines')) linesSoFar += rows;
        return rows;
      });
    }
    await step('journal balance check', async () => {
      const unbalanced = await worker.query<{ journal_id: string; currency: string }>(
        `select journal_id, currency from ledger_lines
         where seq >= $1 and company_id in (select scale_id('company', g) from generate_series($2::int, $3::int) g)
         group by journal_id, currency having sum(amount_cents) <> 0 limit 1`,
        [from, first, last],
      );
      const journal = unbalanced.rows[0];
      if (journal) throw new Error(`journal ${journal.journal_id} does not balance in ${journal.currency}`);
      return 0;
    });
    await step('commit', async () => {
      await worker.query('commit');
      return 0;
    });
    say(
      `   ledger companies ${first}–${last} of ${companies}: ${((performance.now() - started) / 1000).toFixed(1)} s` +
        ` (lines so far ${linesSoFar.toLocaleString('en-US')})`,
    );
  };
  const batches: [number, number][] = [];
  for (let first = 1; first <= companies; first += COMPANIES_PER_BATCH) {
    batches.push([first, Math.min(companies, first + COMPANIES_PER_BATCH - 1)]);
  }
  const foreignKeys = await foreignKeyChecks(client);
  // The batches run as a replica (session_replication_role), which skips the per-row foreign key
  // checks and the journal balance trigger (migration 0004: a query per line at commit, a fifth
  // of the load's time). Each batch checks the balance rule set-based before its commit, and the
  // foreign keys are checked over whole tables after the load. The carried balances' trigger
  // (0016) and the one keeping what is settled on each rent charge (0018) are already per
  // statement: they fire for replicas too while the load runs.
  await client.query('alter table ledger_lines enable always trigger ledger_lines_carry_months');
  await client.query('alter table allocations enable always trigger allocations_settle_charges');
  try {
    // Settled, not all: a worker's failure stops the other at its next batch, not mid-statement.
    const workers = await Promise.allSettled(
      Array.from({ length: Math.min(LEDGER_WORKERS, batches.length) }, async () => {
        const worker = new pg.Client(url);
        await worker.connect();
        try {
          // The rent lines' sort (in posting order) fits in memory.
          await worker.query(`set work_mem = '256MB'`);
          for (let next = batches.shift(); next; next = batches.shift()) {
            await batch(worker, ...next).catch(async (error: unknown) => {
              await worker.query('rollback');
              batches.length = 0;
              throw error;
            });
          }
        } finally {
          await worker.end();
        }
      }),
    );
    for (const worker of workers) if (worker.status === 'rejected') throw worker.reason;
    await step('foreign key checks', async () => {
      await client.query(`set work_mem = '1GB'`);
      for (const key of foreignKeys) {
        const missing = (await client.query<{ n: number }>(key.query)).rows[0]!.n;
        if (missing > 0) throw new Error(`${missing} rows break ${key.name}`);
      }
      await client.query('reset work_mem');
      return 0;
    });
  } finally {
    await client.query('alter table ledger_lines enable trigger ledger_lines_carry_months');
    await client.query('alter table allocations enable trigger allocations_settle_charges');
  }
  for (const [phase, rows] of ledgerTotals) {
    const seconds = Math.round(ledgerSeconds.get(phase)! * 10) / 10;
    phases.push({ phase, rows, seconds });
    say(
      `   ${phase.padEnd(32)} ${rows.toLocaleString('en-US').padStart(12)} rows ${seconds.toFixed(1).padStart(7)} s`,
    );
  }
  phases.push({
    phase: 'ledger batches (all of the above)',
    rows: [...ledgerTotals.values()].reduce((a, b) => a + b, 0),
    seconds: Math.round((performance.now() - ledgerStarted) / 100) / 10,
  });
  // What autovacuum would soon do: statistics, and the visibility map for index-only scans.
  await timed('vacuum (analyze)', async () => {
    await client.query('vacuum (analyze)');
    return 0;
  });
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    counts[table] = Number(
      (await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n,
    );
  }
  return { phases, counts };
}
