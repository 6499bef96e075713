export { companyRoutes } from './routes.ts';
export { toCompany } from './dto.ts';
export { findCompany, insertCompany, setCompanyOwner, type CompanyRow } from './repo.ts';
