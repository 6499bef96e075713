import type { Company, CompanyInput, CompanyUpdateInput } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { isUuid, transact, type Ctx } from '../../db/scope.ts';
import { notFound, staleVersion } from '../../lib/errors.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import type { DocumentCompany } from '../../lib/documents/index.ts';
import { assertRole } from '../../lib/roles.ts';
import { toCompany } from './dto.ts';
import * as repo from './repo.ts';

const NO_COMPANY = () => notFound('No company found. Please create a company first.', 'NO_COMPANY');
const COMPANY_NOT_FOUND = () => notFound('Company not found');

export const getCurrentCompany = (ctx: Ctx): Promise<Company> =>
  transact(ctx, async (tx) => {
    const row = await repo.findCompany(tx, ctx.companyId);
    if (!row) throw NO_COMPANY();
    return toCompany(row);
  });

/** Any member may read their own company (SPEC's client loads it for every role); others are 404. */
export const getCompany = (ctx: Ctx, companyId: string): Promise<Company> =>
  transact(ctx, async (tx) => {
    if (!isUuid(companyId) || companyId !== ctx.companyId) throw COMPANY_NOT_FOUND();
    const row = await repo.findCompany(tx, companyId);
    if (!row) throw COMPANY_NOT_FOUND();
    return toCompany(row);
  });

export const updateCompany = (ctx: Ctx, companyId: string, input: CompanyUpdateInput): Promise<Company> =>
  transact(ctx, async (tx) => {
    if (!isUuid(companyId) || companyId !== ctx.companyId) throw COMPANY_NOT_FOUND();
    assertRole(ctx, ['admin']);
    const before = await repo.findCompany(tx, companyId);
    if (!before) throw COMPANY_NOT_FOUND();
    const { __v, ...changes } = input;
    const after = await repo.updateCompanyIfVersion(tx, companyId, changes, __v);
    if (!after) throw staleVersion('company profile');
    await recordAudit(tx, auditActor(ctx), {
      action: 'company.updated',
      entity: 'company',
      entityId: companyId,
      before: toCompany(before),
      after: toCompany(after),
    });
    return toCompany(after);
  });

/*
 * For other features (sign-up, the demo seed, documents, data sync): the repo stays private;
 * these take the caller's transaction.
 */
export type { CompanyRow } from './repo.ts';

export const findCompany = (tx: Tx, companyId: string) => repo.findCompany(tx, companyId);

/** A new company, before anyone owns it (sign-up and the demo seed). */
export const insertCompany = (tx: Tx, input: CompanyInput) => repo.insertCompany(tx, input);

/** Makes a user the company's owner once their user row exists. */
export const setCompanyOwner = (tx: Tx, companyId: string, userId: string) =>
  repo.setCompanyOwner(tx, companyId, userId);

/** The company as a document's letterhead prints it. */
export async function findLetterhead(tx: Tx, companyId: string): Promise<DocumentCompany> {
  const company = await repo.findCompany(tx, companyId);
  if (!company) throw new Error(`Company ${companyId} not found`);
  return {
    name: company.name,
    address: company.address,
    phone: company.phone,
    email: company.email,
    registrationNumber: company.registrationNumber,
    vatNumber: company.vatNumber,
    logo: company.logo,
  };
}
