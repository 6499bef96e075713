import { TenantInput } from '@lintel/contracts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { conflict } from '../../../lib/errors.ts';
import { importTenants, tenantsForSync } from '../../tenants/index.ts';
import { importer } from '../importer.ts';
import { checkPerson, knownPeople, PERSON_COLUMNS, personCells, personCsv, personValues } from '../people.ts';
import { cellsOf, checkInput } from '../rows.ts';

export const tenantsImporter = importer({
  async load(tx, ctx) {
    return knownPeople(await tenantsForSync(tx, ctx));
  },

  check(row, problems, known) {
    const input = checkInput(TenantInput, personCells(cellsOf(row, problems)), PERSON_COLUMNS, row, problems);
    return (
      input &&
      checkPerson(row, problems, input, { ...known, clash: 'Another tenant already has this ID number.' })
    );
  },

  async write(tx, ctx, tenants) {
    try {
      await importTenants(
        tx,
        tenants.map((tenant) => ({ companyId: ctx.companyId, ...personValues(tenant) })),
      );
    } catch (error) {
      // The tenants feature's unique indexes decide duplicates, also against a tenant added meanwhile.
      if (!isUniqueViolation(error)) throw error;
      throw conflict(
        'IMPORT_CONFLICT',
        'A tenant with one of these emails or ID numbers was added while the file was importing. Check the file again.',
      );
    }
  },

  async exportRows(tx, ctx) {
    return (await tenantsForSync(tx, ctx)).map(personCsv);
  },
});
