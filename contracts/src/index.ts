import './zod-messages.ts';

export * from './zod-messages.ts';
export * from './common.ts';
export * from './money.ts';
export * from './users.ts';
export * from './owners.ts';
export * from './tenants.ts';
export * from './companies.ts';
export * from './auth.ts';
export * from './properties.ts';
export * from './health.ts';
export * from './leases.ts';
export * from './audit.ts';
export * from './me.ts';
export * from './finance.ts';
export * from './payments.ts';
export * from './accounts.ts';
