-- Statements read one account's lines in (entry_date, seq) order and sum its whole history for
-- the opening balance. Carrying amount_cents in the account index lets both the sums (opening
-- balance, period totals, the balance before a page of lines) and the choice of a page's lines be
-- index-only scans; only the page's own rows are then read from the table. Same name and keys as
-- before (the Drizzle schema cannot say INCLUDE), so the schema and its snapshot are unchanged.
DROP INDEX IF EXISTS "ledger_lines_account_idx";--> statement-breakpoint
CREATE INDEX "ledger_lines_account_idx" ON "ledger_lines" USING btree ("company_id","account","currency","entry_date","seq") INCLUDE ("amount_cents");
