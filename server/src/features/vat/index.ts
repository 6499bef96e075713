export { vatRoutes } from './routes.ts';
