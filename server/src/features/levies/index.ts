export { levyRoutes } from './routes.ts';
export { ensureLevyCharges } from './service.ts';
