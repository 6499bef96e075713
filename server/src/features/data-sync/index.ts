export { dataSyncRoutes } from './routes.ts';
