export { ownerRoutes } from './routes.ts';
export { findOwner, findOwnerOfUser, insertOwner, type OwnerRow } from './repo.ts';
export { bindOwnerUser } from './repo.ts';
export { insertOwners, listAllOwners, lockCompanyOwners } from './repo.ts';
