export { taskRoutes } from './routes.ts';
export { notifyTasksDueToday } from './service.ts';
