ALTER TABLE "rent_charges" ADD COLUMN "settled_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What completed payments have settled on each rent charge (issue 20). Arrears, the rent roll, a
-- property's arrears and a payment's allocation each summed a charge's allocations joined to their
-- payments, for every charge a company ever had (half of PostgreSQL's time at scale); now they
-- read this column, and arrears the open charges alone through a partial index.
--
-- Triggers keep it, so every writer (posting, imports, the bench's set-based generator) keeps it
-- right: allocations to a completed payment add to their charges (per statement, the inserted
-- allocations as a transition table); a payment leaving `completed` (a reversal) takes its
-- allocations back, and one becoming `completed` adds them. Allocations are never updated or
-- deleted (a payment is reversed, not removed, and its allocations stay as the record), so no
-- trigger watches that. Each change is an atomic `settled + delta` under the row's lock, so two
-- payments on one charge lose nothing; the charges are locked in id order first, so two
-- statements cannot deadlock each other. The functions run as the table's owner, like 0016's:
-- row-level security does not hide the charges from them, and the app role keeps its grants.
CREATE OR REPLACE FUNCTION allocations_settle_charges() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM 1 FROM rent_charges
    WHERE id IN (SELECT a.charge_id FROM new_allocations a
      JOIN payments p ON p.id = a.payment_id AND p.status = 'completed')
    ORDER BY id FOR UPDATE;
  UPDATE rent_charges c SET settled_cents = c.settled_cents + settled.cents
    FROM (SELECT a.charge_id, sum(a.amount_cents) AS cents FROM new_allocations a
      JOIN payments p ON p.id = a.payment_id AND p.status = 'completed'
      GROUP BY a.charge_id) settled
    WHERE c.id = settled.charge_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION payments_settle_charges() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER SET search_path = public AS $$
DECLARE
  direction int := CASE WHEN NEW.status = 'completed' THEN 1 WHEN OLD.status = 'completed' THEN -1 ELSE 0 END;
BEGIN
  IF direction = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM rent_charges
    WHERE id IN (SELECT charge_id FROM allocations WHERE payment_id = NEW.id)
    ORDER BY id FOR UPDATE;
  UPDATE rent_charges c SET settled_cents = c.settled_cents + direction * settled.cents
    FROM (SELECT charge_id, sum(amount_cents) AS cents FROM allocations
      WHERE payment_id = NEW.id GROUP BY charge_id) settled
    WHERE c.id = settled.charge_id;
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE rent_charges c SET settled_cents = settled.cents
  FROM (SELECT a.charge_id, sum(a.amount_cents) AS cents FROM allocations a
    JOIN payments p ON p.id = a.payment_id AND p.status = 'completed'
    GROUP BY a.charge_id) settled
  WHERE c.id = settled.charge_id;--> statement-breakpoint
CREATE TRIGGER allocations_settle_charges AFTER INSERT ON allocations
  REFERENCING NEW TABLE AS new_allocations FOR EACH STATEMENT EXECUTE FUNCTION allocations_settle_charges();--> statement-breakpoint
CREATE TRIGGER payments_settle_charges AFTER UPDATE OF status ON payments
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION payments_settle_charges();--> statement-breakpoint
CREATE INDEX "rent_charges_open_idx" ON "rent_charges" USING btree ("company_id","currency","due_date") WHERE "rent_charges"."settled_cents" < "rent_charges"."amount_cents";
