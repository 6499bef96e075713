import type { CsvRow } from './read-csv.ts';
import { normal, type Problems } from './rows.ts';

/** How owners and tenants are told apart: email, else ID number, else (with neither) the name. */
export interface PersonKeys {
  email: string | null;
  idNumber: string | null;
  name: string;
}

export type PersonMatch<T> =
  | { found: T; by: 'email' | 'idNumber' | 'name' }
  /** Not this person, but another one already has this ID number (unique, like the email). */
  | { clash: T; by: 'idNumber' }
  | { ambiguous: true }
  | undefined;

/** People of one kind by their natural keys, for matching file rows and references. */
export class PeopleIndex<T> {
  private readonly byEmail = new Map<string, T>();
  private readonly byIdNumber = new Map<string, T>();
  /** Only people with neither email nor ID number are known by name alone. */
  private readonly byName = new Map<string, T[]>();

  add(person: PersonKeys, value: T) {
    if (person.email) this.byEmail.set(person.email.toLowerCase(), value);
    if (person.idNumber) this.byIdNumber.set(person.idNumber, value);
    if (!person.email && !person.idNumber) {
      const key = normal(person.name);
      this.byName.set(key, [...(this.byName.get(key) ?? []), value]);
    }
  }

  match(person: PersonKeys): PersonMatch<T> {
    if (person.email) {
      const found = this.byEmail.get(person.email.toLowerCase());
      if (found !== undefined) return { found, by: 'email' };
      const clash = person.idNumber ? this.byIdNumber.get(person.idNumber) : undefined;
      return clash === undefined ? undefined : { clash, by: 'idNumber' };
    }
    if (person.idNumber) {
      const found = this.byIdNumber.get(person.idNumber);
      return found === undefined ? undefined : { found, by: 'idNumber' };
    }
    const named = this.byName.get(normal(person.name)) ?? [];
    if (named.length > 1) return { ambiguous: true };
    return named[0] === undefined ? undefined : { found: named[0], by: 'name' };
  }
}

/** The column a person's key came from, in a file whose columns carry `prefix` (e.g. "tenant_"). */
export const keyColumn = (by: 'email' | 'idNumber' | 'name', prefix = '') =>
  `${prefix}${by === 'idNumber' ? 'id_number' : by}`;

const KEY_WORDS = { email: 'email', idNumber: 'ID number', name: 'name' } as const;

/**
 * Whether a row's person is new, already in the company ('unchanged') or a problem: the same
 * person twice in the file, or an ID number that belongs to someone else.
 */
export function checkPerson<T>(
  row: CsvRow,
  problems: Problems,
  person: PersonKeys,
  known: { company: PeopleIndex<T>; file: PeopleIndex<number>; clash: string },
): 'new' | 'unchanged' | undefined {
  const earlier = known.file.match(person);
  if (earlier && 'found' in earlier) {
    problems.add(row, keyColumn(earlier.by), `Row ${earlier.found} has the same ${KEY_WORDS[earlier.by]}.`);
    return undefined;
  }
  if (earlier && 'clash' in earlier) {
    problems.add(row, 'id_number', `Row ${earlier.clash} has the same ID number.`);
    return undefined;
  }
  known.file.add(person, row.row);
  const match = known.company.match(person);
  if (!match) return 'new';
  if ('clash' in match) {
    problems.add(row, 'id_number', known.clash);
    return undefined;
  }
  return 'unchanged';
}

/**
 * The person a row refers to through its `${prefix}email`, `${prefix}id_number` and
 * `${prefix}name` cells: null when all are empty, undefined (reported) when nobody matches.
 */
export function referredPerson<T>(
  row: CsvRow,
  problems: Problems,
  people: PeopleIndex<T>,
  prefix: string,
  what: { one: string; many: string; importFirst: string },
): T | null | undefined {
  const cell = (column: string) => row.cells[`${prefix}${column}`] ?? '';
  const person = { email: cell('email') || null, idNumber: cell('id_number') || null, name: cell('name') };
  if (!person.email && !person.idNumber && !person.name) return null;
  const match = people.match(person);
  if (match && 'found' in match) return match.found;
  if (match && 'ambiguous' in match) {
    problems.add(
      row,
      `${prefix}name`,
      `Several ${what.many} are called this and have no email or ID number: give the email or ID number.`,
    );
    return undefined;
  }
  const by = person.email ? 'email' : person.idNumber ? 'idNumber' : 'name';
  problems.add(
    row,
    keyColumn(by, prefix),
    `No ${what.one} of this company has this ${KEY_WORDS[by]}. ${what.importFirst}`,
  );
  return undefined;
}
