export { levyRoutes } from './routes.ts';
export { createSchedule, ensureLevyCharges, listDueLevies, payLevies } from './service.ts';
export { leviesDue } from './service.ts';
export { levyRecords } from './repo.ts';
