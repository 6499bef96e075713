-- A balance at a date (trial balance, trust reconciliation, the dashboards' balances, the month-end
-- pack) adds the months carried before the date's month to that month's own lines up to the date.
-- Those lines were read through ledger_lines_account_idx, which leads with the account, so the scan
-- walked every line of the company in the currency to keep one month's (issue 20: 37 of the
-- trial balance's 61 ms at 200 companies, the statement with the most time in the scale mix).
-- Here they are one range, and the INCLUDE columns make it an index-only scan.
--
-- Migrations run in one transaction: an upgrade from before 0011 has lines written earlier in it,
-- whose deferred balance checks are still pending, and PostgreSQL builds no index on a table with
-- pending trigger events. The checks run here instead of at commit; they hold either way.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
CREATE INDEX "ledger_lines_company_date_idx" ON "ledger_lines" USING btree ("company_id","currency","entry_date") INCLUDE ("account","amount_cents");
