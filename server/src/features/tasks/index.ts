export { taskRoutes } from './routes.ts';
export { createTask, notifyTasksDueToday, updateTask } from './service.ts';
export { countOpenTasks, taskRecords } from './repo.ts';
