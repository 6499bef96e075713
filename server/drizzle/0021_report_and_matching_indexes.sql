-- Indexes the scale bench found missing at 200 companies (issue 20):
-- - payments_company_reversed_idx: the income and commission reports add each reversed payment's
--   reversal on its own date, so they ask for every reversed payment of the company; with only the
--   company-and-date index that read every payment of the company (7.7 of the commission figures'
--   8.5 ms, three times per accountant dashboard). Reversals are few, so the index is small.
-- - payments_journal_idx, payouts_journal_idx: bank matching names the payment or payout behind
--   each ledger entry of the bank; without them every candidate walked the company's payments and
--   payouts (the match dialog's suggestions took 2.5 s).
-- - expenses_company_date_idx: the income report's expenses and levies of a period, company-wide,
--   read without joining every property first.
--
-- Migrations run in one transaction (see 0019): pending deferred checks run here first.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
CREATE INDEX "expenses_company_date_idx" ON "expenses" USING btree ("company_id","expense_date");--> statement-breakpoint
CREATE INDEX "payments_journal_idx" ON "payments" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "payments_company_reversed_idx" ON "payments" USING btree ("company_id") WHERE "payments"."reversal_journal_id" is not null;--> statement-breakpoint
CREATE INDEX "payouts_journal_idx" ON "payouts" USING btree ("journal_id");