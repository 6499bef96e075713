import { describe, expect, it } from 'vitest';
import { ApiError } from './http.ts';
import { createQueryClient } from './query-client.ts';

describe('createQueryClient', () => {
  const retry = createQueryClient().getDefaultOptions().queries?.retry as (
    count: number,
    error: unknown,
  ) => boolean;

  it('never retries a 4xx answer', () => {
    expect(retry(0, new ApiError(404, 'NOT_FOUND', 'x'))).toBe(false);
    expect(retry(0, new ApiError(401, 'UNAUTHORIZED', 'x'))).toBe(false);
  });

  it('retries a network failure or 5xx at most twice', () => {
    expect([0, 1, 2].map((count) => retry(count, new ApiError(0, 'NETWORK', 'x')))).toEqual([
      true,
      true,
      false,
    ]);
    expect(retry(0, new ApiError(503, 'UNAVAILABLE', 'x'))).toBe(true);
  });
});
