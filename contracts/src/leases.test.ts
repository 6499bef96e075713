import { describe, expect, it } from 'vitest';
import {
  addDays,
  applyBasisPoints,
  LEASE_DUE_DAY_RANGE,
  LEASE_END_AFTER_START,
  LEASE_RENT_POSITIVE,
  LeaseInput,
} from './index.ts';

describe('applyBasisPoints', () => {
  it('grows an amount by basis points, rounding half-up in integers', () => {
    expect(applyBasisPoints(100000, 500)).toBe(105000);
    expect(applyBasisPoints(100001, 250)).toBe(102501); // 102501.025
    expect(applyBasisPoints(10, 500)).toBe(11); // 10.5 → 11
    expect(applyBasisPoints(10, 0)).toBe(10);
    expect(applyBasisPoints(-10, 500)).toBe(-11); // half away from zero, symmetric
  });
  it('stays exact past the float limit and refuses results that do not fit', () => {
    expect(applyBasisPoints(900_719_925_474_099, 10)).toBe(901_620_645_399_573);
    expect(() => applyBasisPoints(Number.MAX_SAFE_INTEGER, 100)).toThrow(RangeError);
    expect(() => applyBasisPoints(1.5, 100)).toThrow(RangeError);
  });
});

describe('lease input', () => {
  const valid = {
    propertyId: '00000000-0000-4000-8000-000000000001',
    tenantId: '00000000-0000-4000-8000-000000000002',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    rentAmount: 1,
  };
  const messageOf = (input: unknown) => LeaseInput.safeParse(input).error?.issues[0]?.message;
  it('speaks the editor messages', () => {
    expect(LeaseInput.parse(valid)).toMatchObject({ rentDueDay: 1, depositAmount: 0 });
    expect(messageOf({ ...valid, endDate: '2026-01-01' })).toBe(LEASE_END_AFTER_START);
    expect(messageOf({ ...valid, rentAmount: 0 })).toBe(LEASE_RENT_POSITIVE);
    expect(messageOf({ ...valid, rentDueDay: 29 })).toBe(LEASE_DUE_DAY_RANGE);
  });
  it('adds days across months and leap years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
