CREATE TABLE "tenants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"id_number" text,
	"notes" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"rent_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"rent_due_day" integer DEFAULT 1 NOT NULL,
	"deposit_cents" bigint DEFAULT 0 NOT NULL,
	"deposit_held" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"terms" text,
	"escalation_bp" integer,
	"renewed_from_id" uuid,
	"activated_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"termination_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "preferences" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_renewed_from_id_leases_id_fk" FOREIGN KEY ("renewed_from_id") REFERENCES "public"."leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenants_company_idx" ON "tenants" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_company_email_unique" ON "tenants" USING btree ("company_id",lower("email")) WHERE "tenants"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_company_id_number_unique" ON "tenants" USING btree ("company_id","id_number") WHERE "tenants"."id_number" is not null;--> statement-breakpoint
CREATE INDEX "leases_company_idx" ON "leases" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "leases_property_idx" ON "leases" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "leases_tenant_idx" ON "leases" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "leases_company_status_end_idx" ON "leases" USING btree ("company_id","status","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "leases_one_active_per_property" ON "leases" USING btree ("property_id") WHERE "leases"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "leases_renewed_from_unique" ON "leases" USING btree ("renewed_from_id") WHERE "leases"."renewed_from_id" is not null;