export { propertyRoutes } from './routes.ts';
export { insertProperty } from './repo.ts';
