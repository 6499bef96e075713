export { seedDemoData, DEMO_PASSWORD, DEMO_USERS } from './seed.ts';
