export { userRoutes } from './routes.ts';
export { toUser } from './dto.ts';
export { getCurrentUser } from './service.ts';
export {
  findUserByEmail,
  findUserById,
  findAgent,
  insertUser,
  joinCompany,
  findInvitationForUpdate,
  markInvitationUsed,
  updateUser as updateUserColumns,
  type UserRow,
  type InvitationRow,
} from './repo.ts';
export { countActiveUsersByRole } from './repo.ts';
