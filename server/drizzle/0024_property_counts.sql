-- The property list's total (issue 20). Every page of a company's whole list counted up to 1,001
-- of its properties to say "more than 1,000": two thirds of the statement's time at 10,000
-- properties. Each company's count is now kept by statement-level triggers on properties (one
-- upsert per statement and company, however many rows a data import inserts), written by
-- nothing else, so the whole list's total is one row and exact; a filtered list still counts
-- what it matches, up to the limit. A truncate of properties empties the counts with it.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
CREATE TABLE "property_counts" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"properties" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "property_counts" ADD CONSTRAINT "property_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION properties_count() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO property_counts AS kept (company_id, properties)
      SELECT company_id, count(*) FROM new_properties GROUP BY 1 ORDER BY 1
    ON CONFLICT (company_id) DO UPDATE SET properties = kept.properties + excluded.properties;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE property_counts AS kept SET properties = kept.properties - gone.properties
      FROM (SELECT company_id, count(*) AS properties FROM old_properties GROUP BY 1) AS gone
      WHERE kept.company_id = gone.company_id;
  ELSE
    DELETE FROM property_counts;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER properties_count_inserted AFTER INSERT ON properties
  REFERENCING NEW TABLE AS new_properties FOR EACH STATEMENT EXECUTE FUNCTION properties_count();--> statement-breakpoint
CREATE TRIGGER properties_count_deleted AFTER DELETE ON properties
  REFERENCING OLD TABLE AS old_properties FOR EACH STATEMENT EXECUTE FUNCTION properties_count();--> statement-breakpoint
CREATE TRIGGER properties_count_truncated AFTER TRUNCATE ON properties
  FOR EACH STATEMENT EXECUTE FUNCTION properties_count();--> statement-breakpoint
INSERT INTO property_counts (company_id, properties)
  SELECT company_id, count(*) FROM properties GROUP BY 1;--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON property_counts FROM lintel_app;--> statement-breakpoint
ALTER TABLE property_counts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON property_counts
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
