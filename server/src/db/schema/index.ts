export * from './companies.ts';
export * from './users.ts';
export * from './sessions.ts';
export * from './owners.ts';
export * from './properties.ts';
export * from './audit.ts';
export * from './system.ts';
