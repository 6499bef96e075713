import './zod-messages.ts';

export * from './zod-messages.ts';
export * from './common.ts';
export * from './money.ts';
export * from './users.ts';
export * from './owners.ts';
export * from './companies.ts';
export * from './auth.ts';
export * from './properties.ts';
export * from './health.ts';
export * from './leases.ts';
