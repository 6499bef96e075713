export { ownerStatementRoutes } from './routes.ts';
export { sendDueOwnerStatements } from './service.ts';
export { ownerStatementForMail } from './documents.ts';
