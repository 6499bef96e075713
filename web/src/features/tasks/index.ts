export { MyTasksCard } from './components/MyTasksCard.tsx';
export { canUseTasks, TASKS_PAGE, useTasks } from './api.ts';
