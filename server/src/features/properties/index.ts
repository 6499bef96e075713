export { propertyRoutes } from './routes.ts';
export { findProperty, insertProperty, setPropertyStatus, type PropertyView } from './repo.ts';
