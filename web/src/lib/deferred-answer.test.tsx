import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredAnswer, type Answer } from './deferred-answer.ts';

describe('useDeferredAnswer', () => {
  it('keeps the same answer object until a part changes, then gives the new parts together', async () => {
    const pending: Answer<string[], Error> = { data: undefined, error: null, isPending: true };
    const { result, rerender } = renderHook((answer: Answer<string[], Error>) => useDeferredAnswer(answer), {
      initialProps: pending,
    });
    const first = result.current;
    expect(first).toEqual(pending);
    rerender({ ...pending });
    expect(result.current).toBe(first);

    const data = ['Flat 1'];
    await act(async () => rerender({ data, error: null, isPending: false }));
    expect(result.current).toEqual({ data, error: null, isPending: false });
    expect(result.current.data).toBe(data);
  });
});
