CREATE TABLE "account_balances" (
	"company_id" uuid NOT NULL,
	"account" text NOT NULL,
	"currency" text NOT NULL,
	"balance_cents" bigint NOT NULL,
	CONSTRAINT "account_balances_company_id_account_currency_pk" PRIMARY KEY("company_id","account","currency")
);
--> statement-breakpoint
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each account's whole balance (issue 20). A balance as of today (the trial balance, the trust
-- reconciliation, the dashboards, a payout's check) added every month carried before this one:
-- some twenty-four rows per account after two years, 10,533 for one company's trial balance at
-- 200 companies. Now it is one row per account, less the lines dated from the cut-off on (none
-- or a few, one range of ledger_lines_company_date_idx); a date further back still reads months.
--
-- It is one atomic upsert per account, like the months (0016 says why not closing balances), in
-- the same statement-level trigger: a line costs one more row in a table of one row per account,
-- whose rows are locked after the month's rows in key order, so writers queue as they already
-- do on the month row of the same account and cannot deadlock on the new one.
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
  INSERT INTO account_balances AS whole (company_id, account, currency, balance_cents)
    SELECT company_id, account, currency, sum(amount_cents)
      FROM new_lines
      GROUP BY 1, 2, 3
      ORDER BY 1, 2, 3
  ON CONFLICT (company_id, account, currency)
    DO UPDATE SET balance_cents = whole.balance_cents + excluded.balance_cents;
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO account_balances (company_id, account, currency, balance_cents)
  SELECT company_id, account, currency, sum(movement_cents)
    FROM account_month_balances
    GROUP BY 1, 2, 3;--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON account_balances FROM lintel_app;--> statement-breakpoint
ALTER TABLE account_balances ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON account_balances
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
