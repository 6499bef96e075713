export { companyRoutes } from './routes.ts';
export { toCompany } from './dto.ts';
export { findCompany, findLetterhead, insertCompany, setCompanyOwner, type CompanyRow } from './service.ts';
