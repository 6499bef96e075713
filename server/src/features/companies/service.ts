import type { Company, CompanyUpdateInput } from '@lintel/contracts';
import { isUuid, transact, type Ctx } from '../../db/scope.ts';
import { notFound, staleVersion } from '../../lib/errors.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
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
