import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * What owners and tenants share as people on the company's books: the contact details their
 * forms send (contracts' contactDetailsInput) and how their lists sort. Their rules differ
 * (who may change them, how duplicates are refused), so those stay with each feature.
 */

interface ContactInput {
  name?: string | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  idNumber?: string | null | undefined;
  notes?: string | null | undefined;
}

/** The contact columns an input sets: those it sends; a field left out keeps its stored value. */
export const contactColumns = (input: ContactInput) =>
  Object.fromEntries(
    Object.entries({
      name: input.name,
      email: input.email,
      phone: input.phone,
      idNumber: input.idNumber,
      notes: input.notes,
    }).filter(([, value]) => value !== undefined),
  );

/** A list of people sorts case-insensitively by name or email, as people read them, or by when added. */
export const contactSortColumns = (table: {
  name: AnyPgColumn;
  email: AnyPgColumn;
  createdAt: AnyPgColumn;
}) =>
  ({
    name: sql`lower(${table.name})`,
    email: sql`lower(${table.email})`,
    createdAt: table.createdAt,
  }) as const;
