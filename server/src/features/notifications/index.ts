export { notify, NOTIFICATION_CHANNEL, type Notice } from './service.ts';
export { notificationRoutes } from './routes.ts';
export { notifyInvoicesOverdue, notifyLeasesEndingSoon } from './jobs.ts';
