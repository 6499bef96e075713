import { sql } from 'drizzle-orm';

// SQL for what a rent charge still owes, for this feature's queries and the reports and accounts
// that sum arrears: one way to write it, matching the partial index.

/**
 * What is still owed on the rent charge aliased `charge` in a query: its amount less what completed
 * payments settled on it (`settled_cents`, kept by the database's triggers, migration 0018).
 */
export const outstandingOf = (charge: string) =>
  sql<string>`(${sql.identifier(charge)}.amount_cents - ${sql.identifier(charge)}.settled_cents)`;

/** The charge still has something owed: written as `rent_charges_open_idx`'s predicate, so it can use that index. */
export const isOpen = (charge: string) =>
  sql`${sql.identifier(charge)}.settled_cents < ${sql.identifier(charge)}.amount_cents`;
