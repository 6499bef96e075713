import { count, eq, sql } from 'drizzle-orm';
import type { PropertyType } from '@lintel/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import { systemTransact } from '../../db/scope.ts';
import { recordAudit } from '../audit/index.ts';
import { hashPassword } from '../auth/index.ts';
import { findCompany, insertCompany, setCompanyOwner } from '../companies/index.ts';
import { todayIso } from '../leases/index.ts';
import { insertOwner } from '../owners/index.ts';
import { insertProperty } from '../properties/index.ts';
import { findUserByEmail, insertUser } from '../users/index.ts';
import type { DemoCompany, DemoProperty } from './context.ts';
import { seedDemoBanking } from './banking.ts';
import { letProperties } from './lettings.ts';
import { seedDemoMoney } from './money.ts';
import { seedDemoOperations } from './operations.ts';
import { STORIES } from './plan.ts';

export const DEMO_PASSWORD = 'LintelDemo1';

export const DEMO_USERS = [
  { email: 'admin@demo.test', firstName: 'Rudo', lastName: 'Chikore', role: 'admin' },
  { email: 'agent@demo.test', firstName: 'Tendai', lastName: 'Ncube', role: 'agent' },
  { email: 'owner@demo.test', firstName: 'Grace', lastName: 'Moyo', role: 'owner' },
  { email: 'accountant@demo.test', firstName: 'Kudzai', lastName: 'Banda', role: 'accountant' },
  { email: 'staff@demo.test', firstName: 'Simba', lastName: 'Phiri', role: 'other' },
] as const;

const SECOND_AGENT = {
  email: 'farai@demo.test',
  firstName: 'Farai',
  lastName: 'Dube',
  role: 'agent',
} as const;

const OWNERS = [
  { name: 'Grace Moyo', email: 'owner@demo.test', phone: '+263 77 210 4411', idNumber: '63-1184521-K-42' },
  {
    name: 'Peter Mutasa',
    email: 'peter.mutasa@example.com',
    phone: '+263 71 555 0192',
    idNumber: '08-2231190-F-07',
  },
  {
    name: 'Nyasha Holdings (Pvt) Ltd',
    email: 'accounts@nyasha.example.com',
    phone: '+263 24 270 1180',
    idNumber: 'CR 4471/2015',
  },
  {
    name: 'Chipo Sibanda',
    email: 'chipo.sibanda@example.com',
    phone: '+263 78 300 7720',
    idNumber: '29-0981123-S-29',
  },
  {
    name: 'Elias Marufu',
    email: 'elias.marufu@example.com',
    phone: '+263 77 911 2084',
    idNumber: '42-1125874-M-42',
  },
  {
    name: 'Takura Family Trust',
    email: 'trustees@takura.example.com',
    phone: '+263 24 233 9001',
    idNumber: 'MT 118/2009',
  },
];

const STREETS = [
  'Samora Machel Ave, Harare',
  'Borrowdale Rd, Borrowdale, Harare',
  'Enterprise Rd, Highlands, Harare',
  'Fife St, Bulawayo',
  'Churchill Ave, Alexandra Park, Harare',
  'Lomagundi Rd, Avondale, Harare',
  'Josiah Tongogara Ave, Harare',
  'Herbert Chitepo St, Mutare',
];

const KINDS: { type: PropertyType; label: string; rent: number; bedrooms: number | null; area: number }[] = [
  { type: 'apartment', label: 'Apartment', rent: 65000, bedrooms: 2, area: 85 },
  { type: 'house', label: 'House', rent: 120000, bedrooms: 4, area: 240 },
  { type: 'townhouse', label: 'Townhouse', rent: 95000, bedrooms: 3, area: 160 },
  { type: 'cottage', label: 'Cottage', rent: 40000, bedrooms: 1, area: 55 },
  { type: 'office', label: 'Office Suite', rent: 180000, bedrooms: null, area: 210 },
  { type: 'retail', label: 'Shop', rent: 150000, bedrooms: null, area: 120 },
];

/** The company, its users, owners and properties: made directly, as no user action makes them. */
async function seedCompany(tx: Tx, db: Db, today: string): Promise<DemoCompany> {
  const company = await insertCompany(tx, {
    name: 'Demo Realty',
    address: '14 Nelson Mandela Ave, Harare',
    phone: '+263 24 279 5500',
    email: 'office@demorealty.example.com',
    registrationNumber: 'CR 2231/2012',
    tinNumber: '2000123456',
    vatNumber: '10045123',
    website: 'https://demorealty.example.com',
    description: 'Residential and commercial letting, sales and property management since 2012.',
    bankAccounts: [
      {
        bankName: 'CBZ Bank',
        accountName: 'Demo Realty Trust Account',
        accountNumber: '01123456780019',
        branch: 'Kwame Nkrumah',
        currency: 'USD',
      },
      {
        bankName: 'Stanbic Bank',
        accountName: 'Demo Realty Operations',
        accountNumber: '9140001234567',
        branch: 'Samora Machel',
        currency: 'ZWG',
      },
    ],
  });
  // The agency has traded for years, and its books go back more than a year: the calendar treats
  // it as a company that existed last month (its owners get last month's statements).
  await tx
    .update(companies)
    .set({ createdAt: new Date(`${Number(today.slice(0, 4)) - 3}-01-01T00:00:00Z`) })
    .where(eq(companies.id, company.id));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const people = new Map<string, string>();
  for (const person of [...DEMO_USERS, SECOND_AGENT]) {
    const user = await insertUser(tx, { ...person, companyId: company.id, passwordHash });
    people.set(person.email, user.id);
  }
  const adminId = people.get('admin@demo.test')!;
  await setCompanyOwner(tx, company.id, adminId);

  const ownerIds: string[] = [];
  for (const owner of OWNERS) {
    const row = await insertOwner(tx, {
      ...owner,
      companyId: company.id,
      userId: owner.email === 'owner@demo.test' ? people.get('owner@demo.test')! : null,
      bankDetails: {
        bankName: 'CABS',
        accountNumber: `10${ownerIds.length}44821930`,
        accountName: owner.name,
      },
    });
    ownerIds.push(row.id);
  }
  const agentIds = [people.get('agent@demo.test')!, people.get(SECOND_AGENT.email)!];

  const demoProperties: DemoProperty[] = [];
  for (let n = 0; n < STORIES.length; n += 1) {
    const kind = KINDS[n % KINDS.length]!;
    const street = STREETS[n % STREETS.length]!;
    const property = {
      name: `${kind.label} ${n + 1}, ${street.split(',')[0]}`,
      ownerIndex: n % ownerIds.length,
      agentId: agentIds[n % agentIds.length]!,
      rentCents: kind.rent + (n % 4) * 5000,
      levyCents: kind.type === 'apartment' || kind.type === 'townhouse' ? 8500 : 0,
    };
    // Available until the leases and maintenance services let it or take it off the market.
    const id = await insertProperty(tx, {
      companyId: company.id,
      name: property.name,
      address: `${10 + ((n * 7) % 90)} ${street}`,
      type: kind.type,
      status: 'available',
      ownerId: ownerIds[property.ownerIndex]!,
      agentId: property.agentId,
      rentCents: property.rentCents,
      levyCents: property.levyCents,
      currency: 'USD',
      bedrooms: kind.bedrooms,
      bathrooms: kind.bedrooms === null ? null : Math.max(1, kind.bedrooms - 1),
      area: kind.area,
      description: `${kind.label} managed by Demo Realty.`,
    });
    demoProperties.push({ id, ...property });
  }
  await recordAudit(
    tx,
    { companyId: company.id, userId: null, requestId: null },
    { action: 'demo.seeded', entity: 'company', entityId: company.id, after: { properties: STORIES.length } },
  );
  return {
    db,
    companyId: company.id,
    today,
    users: {
      admin: adminId,
      agent: agentIds[0]!,
      owner: people.get('owner@demo.test')!,
      accountant: people.get('accountant@demo.test')!,
    },
    owners: OWNERS.map((owner, index) => ({ id: ownerIds[index]!, name: owner.name })),
    properties: demoProperties,
  };
}

// Any fixed number, different from the migrations' lock.
const DEMO_SEED_LOCK = 7_146_322;

/**
 * PRODUCT.md "Demo data": on the first start of an empty database, the company "Demo Realty" with
 * one user per role and a year and a half of history, made through the same services a user's
 * actions go through so the ledgers tie. Returns whether the demo company is there to use.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  const today = todayIso();
  const { created, companyId } = await systemTransact(db, async (tx) => {
    // Instances starting together on an empty database: one seeds, the others then find its company.
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
    const [existing] = await tx.select({ total: count() }).from(companies);
    const created = existing!.total === 0 ? await seedCompany(tx, db, today) : undefined;
    const admin = await findUserByEmail(tx, 'admin@demo.test');
    const demoCompany = admin?.companyId ? await findCompany(tx, admin.companyId) : undefined;
    return { created, companyId: demoCompany?.name === 'Demo Realty' ? demoCompany.id : undefined };
  });
  // Each service call is its own scoped transaction, once, right after the company is created.
  if (created) {
    const lettings = await letProperties(created);
    const money = await seedDemoMoney(created, lettings);
    await seedDemoOperations(created, lettings, money);
    // Last: it closes the months it reconciles, so everything dated in them is posted first.
    await seedDemoBanking(created);
  }
  return Boolean(companyId);
}
