export { propertyRoutes } from './routes.ts';
export { findProperty, insertProperty, setPropertyStatus, type PropertyView } from './repo.ts';
export { insertProperties, listAllProperties, occupyProperties, type PropertyRow } from './repo.ts';
