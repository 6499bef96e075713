export { levyRoutes } from './routes.ts';
export { createSchedule, ensureLevyCharges, levyChargeGaps, listDueLevies, payLevies } from './service.ts';
export { leviesDue, levyRecords } from './service.ts';
