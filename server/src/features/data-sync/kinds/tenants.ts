import { TenantInput } from '@lintel/contracts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { conflict } from '../../../lib/errors.ts';
import { insertTenants, listAllTenants, type TenantRow } from '../../tenants/index.ts';
import { importer, type TemplateRow } from '../importer.ts';
import { checkPerson, PeopleIndex } from '../people.ts';
import { cellsOf, checkInput } from '../rows.ts';

const COLUMNS: Record<string, string> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  idNumber: 'id_number',
  notes: 'notes',
};

export const tenantsImporter = importer({
  async load(tx, ctx) {
    const company = new PeopleIndex<TenantRow>();
    for (const tenant of await listAllTenants(tx, ctx)) company.add(tenant, tenant);
    return { company, file: new PeopleIndex<number>() };
  },

  check(row, problems, known) {
    const cell = cellsOf(row, problems);
    const input = checkInput(
      TenantInput,
      {
        name: cell.text('name'),
        email: cell.text('email'),
        phone: cell.text('phone'),
        idNumber: cell.text('id_number'),
        notes: cell.text('notes'),
      },
      COLUMNS,
      row,
      problems,
    );
    if (!input) return undefined;
    const person = { name: input.name, email: input.email ?? null, idNumber: input.idNumber ?? null };
    const status = checkPerson(row, problems, person, {
      ...known,
      clash: 'Another tenant already has this ID number.',
    });
    return status === 'new' ? input : status;
  },

  async write(tx, ctx, tenants) {
    try {
      await insertTenants(
        tx,
        tenants.map((tenant) => ({
          companyId: ctx.companyId,
          name: tenant.name,
          email: tenant.email ?? null,
          phone: tenant.phone ?? null,
          idNumber: tenant.idNumber ?? null,
          notes: tenant.notes ?? null,
        })),
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
    return (await listAllTenants(tx, ctx)).map((tenant): TemplateRow => ({
      name: tenant.name,
      email: tenant.email ?? '',
      phone: tenant.phone ?? '',
      id_number: tenant.idNumber ?? '',
      notes: tenant.notes ?? '',
    }));
  },
});
