export { findOwner, findOwnerOfUser, insertOwner, type OwnerRow } from './repo.ts';
