-- The levies due at 200 companies (issue 20). Every read of the levies raised the missing charges
-- by reading every charge the company ever had (2,400, growing by a hundred a month): each
-- schedule now keeps the last period raised, and the read looks only at schedules behind this
-- month (unset until the first read after this migration checks it). The due count found a month's
-- charges through the unique index by period alone, every company's; the list read all of the
-- company's: each is now one index range of the company's, the month's or its unpaid ones.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
DROP INDEX "levy_charges_company_due_idx";--> statement-breakpoint
ALTER TABLE "levy_schedules" ADD COLUMN "charged_through" text;--> statement-breakpoint
CREATE INDEX "levy_charges_company_period_idx" ON "levy_charges" USING btree ("company_id","period");--> statement-breakpoint
CREATE INDEX "levy_charges_unpaid_idx" ON "levy_charges" USING btree ("company_id","period") WHERE "levy_charges"."expense_id" is null;
