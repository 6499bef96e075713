export { userRoutes } from './routes.ts';
export { toUser } from './dto.ts';
export { getCurrentUser } from './service.ts';
export {
  countActiveUsersByRole,
  findAgent,
  findUserByEmail,
  findUserById,
  insertUser,
  joinCompany,
  lockInvitation,
  markInvitationUsed,
  setPasswordHash,
  setPasswordHashById,
  type UserRow,
} from './lookups.ts';
