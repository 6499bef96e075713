CREATE TABLE "vat_rates" (
	"company_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"rate_bp" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vat_rates_company_id_effective_from_pk" PRIMARY KEY("company_id","effective_from")
);
--> statement-breakpoint
ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_journal_id_journals_id_fk";
--> statement-breakpoint
ALTER TABLE "finance_settings" ADD COLUMN "transfer_schedule" text DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD COLUMN "transfer_limit_days" integer DEFAULT 31 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD COLUMN "last_scheduled_transfer" date;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "book" text DEFAULT 'trust' NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "linked_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD COLUMN "book" text DEFAULT 'trust' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" text DEFAULT 'agency' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_from" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "journal_id" uuid;--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_id_book_unique" UNIQUE("id","book");--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_journal_book_fk" FOREIGN KEY ("journal_id","book") REFERENCES "public"."journals"("id","book") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journals_linked_idx" ON "journals" USING btree ("linked_id") WHERE "journals"."linked_id" is not null;--> statement-breakpoint
-- Two books (issue 16). The old model kept the agency's commission (agency:revenue), its VAT
-- (agency:vat) and the agents' shares (agent:{id}) inside trust. In trust they become what is due
-- to the agency; the agency's side moves to the business book, one linked journal per old journal.
-- Owners' and deposit lines are not touched: every owner's statement stays the same.
-- Every ALTER on ledger_lines comes before its first insert here: PostgreSQL refuses to alter a
-- table with pending (deferred balance-check) trigger events.
CREATE TEMP TABLE agency_lines_before_two_books AS
  SELECT seq, company_id, journal_id, account, currency, amount_cents, entry_date, kind, description, reference, created_at
  FROM ledger_lines
  WHERE account IN ('agency:revenue', 'agency:vat') OR account LIKE 'agent:%';--> statement-breakpoint
ALTER TABLE ledger_lines DISABLE TRIGGER ledger_lines_append_only;--> statement-breakpoint
UPDATE ledger_lines SET account = 'trust:due-to-agency'
  WHERE account IN ('agency:revenue', 'agency:vat') OR account LIKE 'agent:%';--> statement-breakpoint
ALTER TABLE ledger_lines ENABLE TRIGGER ledger_lines_append_only;--> statement-breakpoint
-- A line is in its journal's book, and on an account of that book.
ALTER TABLE journals ADD CONSTRAINT journals_book_check CHECK (book IN ('trust', 'business'));--> statement-breakpoint
ALTER TABLE ledger_lines ADD CONSTRAINT ledger_lines_account_in_book CHECK (
  (book = 'trust' AND (account LIKE 'trust:%' OR account LIKE 'property:%' OR account LIKE 'deposits:%'))
  OR (book = 'business' AND (account LIKE 'business:%' OR account LIKE 'agent:%'))
);--> statement-breakpoint
INSERT INTO journals (id, company_id, kind, description, reference, entry_date, reverses_id, book, linked_id, posted_by, created_at)
  SELECT md5(j.id::text || ':business')::uuid, j.company_id, j.kind, j.description, j.reference, j.entry_date,
    CASE WHEN j.reverses_id IS NULL THEN NULL ELSE md5(j.reverses_id::text || ':business')::uuid END,
    'business', j.id, j.posted_by, j.created_at
  FROM journals j
  WHERE j.id IN (SELECT journal_id FROM agency_lines_before_two_books);--> statement-breakpoint
INSERT INTO ledger_lines (company_id, journal_id, account, book, currency, amount_cents, entry_date, kind, description, reference, created_at)
  SELECT company_id, md5(journal_id::text || ':business')::uuid, account, 'business', currency, amount_cents,
    entry_date, kind, description, reference, created_at
  FROM (
    -- What trust now owes the business for this journal.
    SELECT company_id, journal_id, 'business:due-from-trust' AS account, currency, -sum(amount_cents) AS amount_cents,
      min(entry_date) AS entry_date, min(kind) AS kind, min(description) AS description, min(reference) AS reference,
      min(created_at) AS created_at, min(seq) AS seq, 0 AS part
    FROM agency_lines_before_two_books GROUP BY company_id, journal_id, currency
    UNION ALL
    -- The old lines on their business accounts.
    SELECT company_id, journal_id,
      CASE account WHEN 'agency:revenue' THEN 'business:commission-income'
        WHEN 'agency:vat' THEN 'business:vat-payable' ELSE account END,
      currency, amount_cents, entry_date, kind, description, reference, created_at, seq, 1
    FROM agency_lines_before_two_books
    UNION ALL
    -- Rent: the agent's share is commission income too, and the agents' commission an expense.
    SELECT company_id, journal_id, 'business:commission-income', currency, amount_cents,
      entry_date, kind, description, reference, created_at, seq, 2
    FROM agency_lines_before_two_books WHERE account LIKE 'agent:%' AND kind LIKE 'payment_rent%'
    UNION ALL
    SELECT company_id, journal_id, 'business:agents-commission', currency, -amount_cents,
      entry_date, kind, description, reference, created_at, seq, 3
    FROM agency_lines_before_two_books WHERE account LIKE 'agent:%' AND kind LIKE 'payment_rent%'
  ) business_lines
  WHERE amount_cents <> 0
  ORDER BY seq, part;--> statement-breakpoint
DROP TABLE agency_lines_before_two_books;--> statement-breakpoint
UPDATE invoices SET paid_from = 'payment' WHERE payment_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE vat_rates ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON vat_rates
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
