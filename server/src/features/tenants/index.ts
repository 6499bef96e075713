export { tenantRoutes } from './routes.ts';
export { createTenant } from './service.ts';
export { insertTenants, listAllTenants, type TenantRow } from './repo.ts';
