import { LeaseInput, RenewLeaseInput, TenantInput, TerminateLeaseInput, type Lease } from '@lintel/contracts';
import { activateLease, createLease, expireLeases, renewLease, terminateLease } from '../leases/index.ts';
import { createTenant } from '../tenants/index.ts';
import { agentOf, type DemoCompany, type DemoProperty } from './context.ts';
import { lettingOf, type Letting } from './plan.ts';

const TENANT_NAMES = [
  'Blessing Mhlanga',
  'Tatenda Chirwa',
  'Rumbidzai Gumbo',
  'Kudakwashe Ndlovu',
  'Ruvimbo Sithole',
  'Tinashe Mapfumo',
  'Nokuthula Dube',
  'Tafadzwa Moyo',
  'Chiedza Marange',
  'Farai Zvobgo',
  'Vimbai Chinamasa',
  'Tonderai Musoni',
  'Ropafadzo Shumba',
  'Anesu Makoni',
  'Nyarai Kanengoni',
  'Panashe Mutandwa',
  'Shamiso Hove',
  'Tawanda Chikomba',
  'Rutendo Mlambo',
  'Kundai Zhou',
];

/** A property's tenant and leases: the first, then its renewal if it was renewed. */
export interface LetProperty {
  letting: Letting;
  property: DemoProperty;
  tenantId: string;
  tenantName: string;
  leases: Lease[];
}

/** The lease running now (or the last one, on a property let no more). */
export const latestLease = (letProperty: LetProperty) => letProperty.leases.at(-1)!;

/**
 * Tenants and leases as each property's agent makes them: created, activated and renewed through
 * the leases service; then the calendar job expires what ended (renewals take over) and one
 * tenant's lease is terminated early.
 */
export async function letProperties(demo: DemoCompany): Promise<LetProperty[]> {
  const lettings: LetProperty[] = [];
  for (const [index, property] of demo.properties.entries()) {
    const letting = lettingOf(index, demo.today);
    if (!letting) continue;
    const agent = agentOf(demo, property);
    const number = lettings.length;
    const name = TENANT_NAMES[number]!;
    const tenant = await createTenant(
      agent,
      TenantInput.parse({
        name,
        email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@tenant.example.com`,
        phone: `+263 77 ${String(100 + index)} ${String(4000 + index * 37).slice(0, 4)}`,
        idNumber: `${10 + index}-${1000000 + index * 7919}-T-${10 + index}`,
      }),
    );
    const lease = await createLease(
      agent,
      LeaseInput.parse({
        propertyId: property.id,
        tenantId: tenant._id,
        ...letting.first,
        rentAmount: property.rentCents,
        rentDueDay: letting.rentDueDay,
        depositAmount: property.rentCents,
        terms: 'Twelve months. One month’s rent as deposit. The tenant keeps the garden and gutters clear.',
      }),
    );
    await activateLease(agent, lease._id);
    const leases = [lease];
    if (letting.renewal) {
      leases.push(
        await renewLease(
          agent,
          lease._id,
          RenewLeaseInput.parse({ endDate: letting.renewal.endDate, escalationBp: letting.escalationBp }),
        ),
      );
    }
    lettings.push({ letting, property, tenantId: tenant._id, tenantName: name, leases });
  }
  // What the hourly calendar job does: leases that ended expire, their renewals become active.
  await expireLeases(demo.db, demo.today);
  for (const { letting, property, leases } of lettings) {
    if (!letting.terminatedOn) continue;
    await terminateLease(
      agentOf(demo, property),
      leases[0]!._id,
      TerminateLeaseInput.parse({
        reason: 'The tenant relocated for work and gave a month’s notice.',
        endDate: letting.terminatedOn,
      }),
    );
  }
  return lettings;
}
