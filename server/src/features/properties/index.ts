export { propertyRoutes } from './routes.ts';
export {
  findProperty,
  importProperties,
  insertProperty,
  occupyProperties,
  propertiesForSync,
  setPropertyStatus,
  type PropertyRow,
  type PropertyView,
} from './lookups.ts';
