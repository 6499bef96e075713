import { formatMajorUnits, LEASE_STATUSES, LeaseInput } from '@lintel/contracts';
import type { Tx } from '../../../db/client.ts';
import type { Ctx } from '../../../db/scope.ts';
import { auditActor } from '../../audit/index.ts';
import { insertImportedLeases, leasesForSync } from '../../leases/index.ts';
import { propertiesForSync } from '../../properties/index.ts';
import { tenantsForSync, type TenantRow } from '../../tenants/index.ts';
import { importer, type TemplateRow } from '../importer.ts';
import { PeopleIndex, referredPerson } from '../people.ts';
import { cellsOf, checkInput, UNRESOLVED_ID } from '../rows.ts';
import { PropertyIndex } from './properties.ts';

type LeaseRow = Awaited<ReturnType<typeof leasesForSync>>[number];

/** A lease's natural key: its property and start date. */
export const leaseKey = (propertyId: string, startDate: string) => `${propertyId}|${startDate}`;

/** The company's leases by property and start date, for rows that refer to one. */
export async function leasesByKey(tx: Tx, ctx: Ctx) {
  const leases = await leasesForSync(tx, ctx);
  return new Map(leases.map((lease) => [leaseKey(lease.propertyId, lease.startDate), lease]));
}

const COLUMNS: Record<string, string> = {
  propertyId: 'property_name',
  tenantId: 'tenant_email',
  startDate: 'start_date',
  endDate: 'end_date',
  rentAmount: 'rent',
  currency: 'currency',
  rentDueDay: 'rent_due_day',
  depositAmount: 'deposit',
  terms: 'terms',
};

export const leasesImporter = importer({
  async load(tx, ctx) {
    const tenants = new PeopleIndex<TenantRow>();
    for (const tenant of await tenantsForSync(tx, ctx)) tenants.add(tenant, tenant);
    const leases = await leasesByKey(tx, ctx);
    return {
      properties: await PropertyIndex.load(tx, ctx),
      tenants,
      leases,
      letProperties: new Set(
        [...leases.values()].filter((lease) => lease.status === 'active').map((lease) => lease.propertyId),
      ),
      file: new Map<string, number>(),
      /** Property id → the row of the file's active lease on it. */
      fileActive: new Map<string, number>(),
    };
  },

  check(row, problems, known) {
    const cell = cellsOf(row, problems);
    const property = known.properties.referredBy(row, problems);
    const tenant = referredPerson(row, problems, known.tenants, 'tenant_', {
      one: 'tenant',
      many: 'tenants',
      importFirst: 'Import the tenants first.',
    });
    if (tenant === null) problems.add(row, 'tenant_email', 'Enter the tenant’s email, ID number or name.');
    if (tenant?.archivedAt) problems.add(row, 'tenant_email', 'This tenant is archived.');
    const status = cell.choice('status', LEASE_STATUSES, { what: 'lease status' });
    const rentDueDay = cell.wholeNumber('rent_due_day');
    const input = checkInput(
      LeaseInput,
      {
        propertyId: property?.id ?? UNRESOLVED_ID,
        tenantId: tenant?.id ?? UNRESOLVED_ID,
        startDate: cell.date('start_date', 'start date'),
        endDate: cell.date('end_date', 'end date'),
        rentAmount: cell.money('rent', { what: 'rent' }),
        currency: cell.text('currency').toUpperCase() || property?.currency,
        rentDueDay: rentDueDay ?? undefined,
        depositAmount: cell.money('deposit', { empty: 0 }),
        terms: cell.optional('terms'),
      },
      COLUMNS,
      row,
      problems,
    );
    if (!input || !property || !tenant || !status) return undefined;
    const key = leaseKey(property.id, input.startDate);
    const earlier = known.file.get(key);
    if (earlier !== undefined) {
      problems.add(row, 'start_date', `Row ${earlier} has a lease on this property starting the same day.`);
      return undefined;
    }
    known.file.set(key, row.row);
    if (known.leases.has(key)) return 'unchanged';
    if (status === 'active') {
      const otherActive = known.fileActive.get(property.id);
      if (known.letProperties.has(property.id) || otherActive !== undefined) {
        problems.add(
          row,
          'status',
          otherActive === undefined
            ? 'This property already has an active lease.'
            : `Row ${otherActive} is also an active lease on this property: one lease per property is active.`,
        );
        return undefined;
      }
      known.fileActive.set(property.id, row.row);
    }
    return {
      propertyId: property.id,
      tenantId: tenant.id,
      startDate: input.startDate,
      endDate: input.endDate,
      rentCents: input.rentAmount,
      currency: input.currency ?? property.currency,
      rentDueDay: input.rentDueDay,
      depositCents: input.depositAmount,
      status,
      terms: input.terms ?? null,
    };
  },

  async write(tx, ctx, leases) {
    await insertImportedLeases(
      tx,
      ctx,
      auditActor(ctx),
      leases.map((lease) => ({ ...lease, companyId: ctx.companyId })),
    );
  },

  async exportRows(tx, ctx) {
    const properties = new Map((await propertiesForSync(tx, ctx)).map((property) => [property.id, property]));
    const tenants = new Map((await tenantsForSync(tx, ctx)).map((tenant) => [tenant.id, tenant]));
    return (await leasesForSync(tx, ctx)).map((lease: LeaseRow): TemplateRow => {
      const property = properties.get(lease.propertyId)!;
      const tenant = tenants.get(lease.tenantId)!;
      return {
        property_name: property.name,
        property_address: property.address,
        tenant_email: tenant.email ?? '',
        tenant_id_number: tenant.idNumber ?? '',
        tenant_name: tenant.name,
        start_date: lease.startDate,
        end_date: lease.endDate,
        rent: formatMajorUnits(lease.rentCents),
        currency: lease.currency,
        rent_due_day: String(lease.rentDueDay),
        deposit: formatMajorUnits(lease.depositCents),
        status: lease.status,
        terms: lease.terms ?? '',
      };
    });
  },
});
