export { usePageSize, usePreferences } from './api.ts';
