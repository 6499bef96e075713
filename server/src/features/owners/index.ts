export { ownerRoutes } from './routes.ts';
export {
  bindOwnerUser,
  findOwner,
  findOwnerOfUser,
  importOwners,
  insertOwner,
  lockCompanyOwners,
  ownersForSync,
  type OwnerRow,
} from './service.ts';
