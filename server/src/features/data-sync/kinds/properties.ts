import { formatMajorUnits, PROPERTY_STATUSES, PROPERTY_TYPES, PropertyInput } from '@lintel/contracts';
import type { Tx } from '../../../db/client.ts';
import type { Ctx } from '../../../db/scope.ts';
import { loadFinanceSettings } from '../../finance/index.ts';
import { ownersForSync, type OwnerRow } from '../../owners/index.ts';
import { importProperties, propertiesForSync, type PropertyRow } from '../../properties/index.ts';
import { findAgent, findUserByEmail, findUserById } from '../../users/index.ts';
import { importer, type TemplateRow } from '../importer.ts';
import { PeopleIndex, referredPerson } from '../people.ts';
import type { CsvRow } from '../read-csv.ts';
import { cellsOf, checkInput, normal, type Problems } from '../rows.ts';

/** A property's natural key: its name and address, compared without case or extra spaces. */
const keyOf = (name: string, address: string) => `${normal(name)}\n${normal(address)}`;

/** The company's properties by name and address, for rows that refer to one. */
export class PropertyIndex {
  private readonly byKey = new Map<string, PropertyRow[]>();

  constructor(rows: PropertyRow[]) {
    for (const row of rows) {
      const key = keyOf(row.name, row.address);
      this.byKey.set(key, [...(this.byKey.get(key) ?? []), row]);
    }
  }

  static async load(tx: Tx, ctx: Ctx) {
    return new PropertyIndex(await propertiesForSync(tx, ctx));
  }

  has(name: string, address: string) {
    return this.byKey.has(keyOf(name, address));
  }

  /** The property named by a row's property_name and property_address; undefined (reported) if none. */
  referredBy(row: CsvRow, problems: Problems): PropertyRow | undefined {
    const name = row.cells.property_name ?? '';
    const address = row.cells.property_address ?? '';
    if (!name || !address) {
      problems.add(
        row,
        name ? 'property_address' : 'property_name',
        'Enter the property’s name and address.',
      );
      return undefined;
    }
    const found = this.byKey.get(keyOf(name, address)) ?? [];
    if (found.length === 1) return found[0];
    problems.add(
      row,
      'property_name',
      found.length === 0
        ? 'No property of this company has this name and address. Import the properties first.'
        : 'Several properties have this name and address: rename one of them first.',
    );
    return undefined;
  }
}

const COLUMNS: Record<string, string> = {
  name: 'name',
  address: 'address',
  type: 'type',
  status: 'status',
  rentAmount: 'rent',
  levyAmount: 'levy',
  currency: 'currency',
  bedrooms: 'bedrooms',
  bathrooms: 'bathrooms',
  area: 'area',
  description: 'description',
  commissionRate: 'commission_rate',
};

/** Agents are users: each email in the file is looked up once, among the company's active agents. */
async function agentsByEmail(tx: Tx, ctx: Ctx, rows: CsvRow[]) {
  const agents = new Map<string, string>();
  const emails = new Set(rows.map((row) => (row.cells.agent_email ?? '').toLowerCase()).filter(Boolean));
  for (const email of emails) {
    const user = await findUserByEmail(tx, email);
    const agent = user && (await findAgent(tx, ctx, user.id));
    if (agent) agents.set(email, agent.id);
  }
  return agents;
}

export const propertiesImporter = importer({
  async load(tx, ctx, rows) {
    const owners = new PeopleIndex<OwnerRow>();
    for (const owner of await ownersForSync(tx, ctx)) owners.add(owner, owner);
    return {
      company: await PropertyIndex.load(tx, ctx),
      file: new Map<string, number>(),
      owners,
      agents: await agentsByEmail(tx, ctx, rows),
      defaultCurrency: (await loadFinanceSettings(tx, ctx)).defaultCurrency,
    };
  },

  check(row, problems, known) {
    const cell = cellsOf(row, problems);
    const owner = referredPerson(row, problems, known.owners, 'owner_', {
      one: 'owner',
      many: 'owners',
      importFirst: 'Import the owners first.',
    });
    const agentEmail = cell.text('agent_email').toLowerCase();
    const agentId = agentEmail ? known.agents.get(agentEmail) : null;
    if (agentId === undefined) {
      problems.add(
        row,
        'agent_email',
        'No active agent of this company has this email. Invite the agent first, or leave agent_email empty.',
      );
    }
    const input = checkInput(
      PropertyInput,
      {
        name: cell.text('name'),
        address: cell.text('address'),
        type: cell.choice('type', PROPERTY_TYPES, { what: 'property type' }),
        status: cell.choice('status', PROPERTY_STATUSES, { empty: 'available' }),
        rentAmount: cell.money('rent', { empty: 0 }),
        levyAmount: cell.money('levy', { empty: 0 }),
        currency: cell.text('currency').toUpperCase() || known.defaultCurrency,
        bedrooms: cell.wholeNumber('bedrooms'),
        bathrooms: cell.wholeNumber('bathrooms'),
        area: cell.wholeNumber('area'),
        description: cell.optional('description'),
        commissionRate: cell.percent('commission_rate'),
      },
      COLUMNS,
      row,
      problems,
    );
    if (!input || owner === undefined || agentId === undefined) return undefined;
    const key = keyOf(input.name, input.address);
    const earlier = known.file.get(key);
    if (earlier !== undefined) {
      problems.add(row, 'name', `Row ${earlier} has the same name and address.`);
      return undefined;
    }
    known.file.set(key, row.row);
    if (known.company.has(input.name, input.address)) return 'unchanged';
    return { ...input, ownerId: owner?.id ?? null, agentId };
  },

  async write(tx, ctx, properties) {
    await importProperties(
      tx,
      properties.map((property) => ({
        companyId: ctx.companyId,
        name: property.name,
        address: property.address,
        type: property.type,
        status: property.status,
        ownerId: property.ownerId,
        agentId: property.agentId,
        rentCents: property.rentAmount,
        levyCents: property.levyAmount,
        currency: property.currency,
        bedrooms: property.bedrooms ?? null,
        bathrooms: property.bathrooms ?? null,
        area: property.area ?? null,
        description: property.description ?? null,
        commissionRateBp: property.commissionRate ?? null,
      })),
    );
  },

  async exportRows(tx, ctx) {
    const owners = new Map((await ownersForSync(tx, ctx)).map((owner) => [owner.id, owner]));
    const agentEmails = new Map<string, string>();
    const properties = await propertiesForSync(tx, ctx);
    for (const agentId of new Set(properties.flatMap((property) => property.agentId ?? []))) {
      const agent = await findUserById(tx, agentId);
      if (agent) agentEmails.set(agentId, agent.email);
    }
    return properties.map((property): TemplateRow => {
      const owner = property.ownerId ? owners.get(property.ownerId) : undefined;
      return {
        name: property.name,
        address: property.address,
        type: property.type,
        status: property.status,
        owner_email: owner?.email ?? '',
        owner_id_number: owner?.idNumber ?? '',
        owner_name: owner?.name ?? '',
        agent_email: property.agentId ? (agentEmails.get(property.agentId) ?? '') : '',
        rent: formatMajorUnits(property.rentCents),
        levy: formatMajorUnits(property.levyCents),
        currency: property.currency,
        commission_rate:
          property.commissionRateBp === null ? '' : formatMajorUnits(property.commissionRateBp),
        bedrooms: property.bedrooms?.toString() ?? '',
        bathrooms: property.bathrooms?.toString() ?? '',
        area: property.area?.toString() ?? '',
        description: property.description ?? '',
      };
    });
  },
});
