export { maintenanceRoutes } from './routes.ts';
export { createRequest, decideOwnerApproval, transitionRequest } from './service.ts';
export { countApprovalsWaiting, countOpenRequests, maintenanceRecords } from './lookups.ts';
