CREATE TABLE "arrears_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"charge_id" uuid NOT NULL,
	"lease_id" uuid NOT NULL,
	"step_day" integer NOT NULL,
	"letter" text NOT NULL,
	"arrears_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"recipient" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_statement_runs" (
	"company_id" uuid NOT NULL,
	"month" text NOT NULL,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_statement_runs_company_id_month_pk" PRIMARY KEY("company_id","month")
);
--> statement-breakpoint
CREATE TABLE "mail_opt_outs" (
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_opt_outs_company_id_email_category_pk" PRIMARY KEY("company_id","email","category")
);
--> statement-breakpoint
ALTER TABLE "finance_settings" ADD COLUMN "statement_day" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD COLUMN "arrears_reminder_steps" jsonb DEFAULT '[{"day":3,"letter":"reminder"},{"day":10,"letter":"second-reminder"},{"day":30,"letter":"letter-of-demand"}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "arrears_reminders" ADD CONSTRAINT "arrears_reminders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrears_reminders" ADD CONSTRAINT "arrears_reminders_charge_id_rent_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."rent_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrears_reminders" ADD CONSTRAINT "arrears_reminders_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_statement_runs" ADD CONSTRAINT "owner_statement_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_statement_runs" ADD CONSTRAINT "owner_statement_runs_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_opt_outs" ADD CONSTRAINT "mail_opt_outs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "arrears_reminders_charge_step_unique" ON "arrears_reminders" USING btree ("charge_id","step_day");--> statement-breakpoint
CREATE INDEX "arrears_reminders_lease_idx" ON "arrears_reminders" USING btree ("company_id","lease_id","created_at");--> statement-breakpoint
ALTER TABLE arrears_reminders ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON arrears_reminders
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE mail_opt_outs ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON mail_opt_outs
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE owner_statement_runs ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON owner_statement_runs
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
