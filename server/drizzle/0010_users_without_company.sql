-- A user who signs up without a company or an invitation has none until they create or join one.
-- Row-level security compares company_id with the scope, so such a row is in no company's view.
ALTER TABLE "users" ALTER COLUMN "company_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "company_id" DROP NOT NULL;