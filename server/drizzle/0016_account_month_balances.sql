CREATE TABLE "account_month_balances" (
	"company_id" uuid NOT NULL,
	"account" text NOT NULL,
	"currency" text NOT NULL,
	"month" date NOT NULL,
	"movement_cents" bigint NOT NULL,
	CONSTRAINT "account_month_balances_company_id_account_currency_month_pk" PRIMARY KEY("company_id","account","currency","month")
);
--> statement-breakpoint
ALTER TABLE "account_month_balances" ADD CONSTRAINT "account_month_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Balances carried per account and month (issue 20). A statement's opening balance, a trial
-- balance or a payout's balance check used to sum every line of the account before the date; now
-- they add this table's months before the date's month to the lines of that month alone.
--
-- It stores each month's net movement, not its closing balance, on purpose. A closing balance
-- depends on every earlier month, so a line (or a backdated one) would have to update its month's
-- row and every later row from a value read earlier in the statement; two transactions posting to
-- one account (every payment posts to the trust bank, and postings take no per-account lock:
-- only payouts do) would each compute from a snapshot without the other's line and one update
-- would be lost. A month's movement is one atomic upsert (`movement + excluded.movement` re-reads
-- the committed row under its lock), independent of any other month: nothing is lost whatever the
-- writer (posting, opening balances, imports, the bench's set-based generator), a backdated line
-- touches one row, and a closing is the sum of at most a few hundred month rows read from the
-- primary key — against years of lines.
--
-- The trigger is per statement with the inserted lines as a transition table, so a bulk insert
-- costs one aggregate and one upsert. Rows are upserted in key order, so two statements locking
-- several accounts' rows take them in the same order and cannot deadlock each other. It runs as
-- the table's owner: the app role may only read carried balances (like the lines, it cannot
-- change them), and row-level security still hides other companies' rows from its reads.
CREATE OR REPLACE FUNCTION ledger_lines_carry_months() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO account_month_balances AS carried (company_id, account, currency, month, movement_cents)
    SELECT company_id, account, currency, date_trunc('month', entry_date)::date, sum(amount_cents)
      FROM new_lines
      GROUP BY 1, 2, 3, 4
      ORDER BY 1, 2, 3, 4
  ON CONFLICT (company_id, account, currency, month)
    DO UPDATE SET movement_cents = carried.movement_cents + excluded.movement_cents;
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO account_month_balances (company_id, account, currency, month, movement_cents)
  SELECT company_id, account, currency, date_trunc('month', entry_date)::date, sum(amount_cents)
    FROM ledger_lines
    GROUP BY 1, 2, 3, 4;--> statement-breakpoint
CREATE TRIGGER ledger_lines_carry_months AFTER INSERT ON ledger_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION ledger_lines_carry_months();--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON account_month_balances FROM lintel_app;--> statement-breakpoint
ALTER TABLE account_month_balances ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON account_month_balances
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
