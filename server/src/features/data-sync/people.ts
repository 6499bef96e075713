import type { TemplateRow } from './importer.ts';
import type { CsvRow } from './read-csv.ts';
import { normal, type cellsOf, type Problems } from './rows.ts';

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

/** What owners and tenants both are: the contract input's fields, or a stored row's columns. */
interface Person {
  name: string;
  email?: string | null;
  phone?: string | null;
  idNumber?: string | null;
  notes?: string | null;
}

/** The columns owners' and tenants' files share, by the contract input's field. */
export const PERSON_COLUMNS: Record<string, string> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  idNumber: 'id_number',
  notes: 'notes',
};

/** A row's shared person cells as the contract input's fields. */
export const personCells = (cell: Pick<ReturnType<typeof cellsOf>, 'text'>) => ({
  name: cell.text('name'),
  email: cell.text('email'),
  phone: cell.text('phone'),
  idNumber: cell.text('id_number'),
  notes: cell.text('notes'),
});

/** A checked person's shared fields as table values: what the file left out is null. */
export const personValues = (person: Person) => ({
  name: person.name,
  email: person.email ?? null,
  phone: person.phone ?? null,
  idNumber: person.idNumber ?? null,
  notes: person.notes ?? null,
});

/** A stored person's shared cells of the export: what they lack is empty. */
export const personCsv = (person: Person): TemplateRow => ({
  name: person.name,
  email: person.email ?? '',
  phone: person.phone ?? '',
  id_number: person.idNumber ?? '',
  notes: person.notes ?? '',
});

/** The company's people by natural key, and an empty index of the rows read so far. */
export function knownPeople<T extends PersonKeys>(people: T[]) {
  const company = new PeopleIndex<T>();
  for (const person of people) company.add(person, person);
  return { company, file: new PeopleIndex<number>() };
}

/**
 * A row's checked person when they are new, 'unchanged' when the company already has them, or
 * undefined for a problem: the same person twice in the file, or an ID number that belongs to
 * someone else (`clash` says so).
 */
export function checkPerson<I extends Person, T>(
  row: CsvRow,
  problems: Problems,
  input: I,
  known: { company: PeopleIndex<T>; file: PeopleIndex<number>; clash: string },
): I | 'unchanged' | undefined {
  const person = { name: input.name, email: input.email ?? null, idNumber: input.idNumber ?? null };
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
  if (!match) return input;
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
