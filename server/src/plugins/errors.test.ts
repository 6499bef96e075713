import { describe, expect, it } from 'vitest';
import { toBody } from './errors.ts';

const UNAVAILABLE = {
  status: 'error',
  message: 'Service temporarily unavailable. Please try again later.',
  code: 'UNAVAILABLE',
};

/** As Drizzle reports a failed query: its own error, the driver's as the cause. */
const failedQuery = (cause: Error) => new Error('Failed query: select 1', { cause });

describe('errors of a database that cannot be reached', () => {
  // What node-postgres says, in words only, when a connection drops or none comes in time.
  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
  ])('"%s" is a 503 with the message, no detail', (message) => {
    expect(toBody(failedQuery(new Error(message)))).toEqual({ statusCode: 503, body: UNAVAILABLE });
    expect(toBody(new Error(message))).toEqual({ statusCode: 503, body: UNAVAILABLE });
  });

  it('a refused connection or a terminated backend (by code) is a 503', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(toBody(failedQuery(refused)).statusCode).toBe(503);
    expect(toBody(failedQuery(terminated)).statusCode).toBe(503);
  });

  it('any other failure stays a 500 that says nothing of its cause', () => {
    expect(toBody(failedQuery(new Error('relation "payments" does not exist')))).toEqual({
      statusCode: 500,
      body: {
        status: 'error',
        message: 'Something went wrong on our side. Please try again.',
        code: 'INTERNAL',
      },
    });
  });
});
