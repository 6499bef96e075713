export { ROLE_LABELS } from './role-labels.ts';
