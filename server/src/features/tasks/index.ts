export { taskRoutes } from './routes.ts';
export { countOpenTasks, createTask, notifyTasksDueToday, taskRecords, updateTask } from './service.ts';
