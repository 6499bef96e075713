export { tenantRoutes } from './routes.ts';
export { createTenant, importTenants, tenantsForSync, type TenantRow } from './service.ts';
