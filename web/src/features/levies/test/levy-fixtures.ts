import type { LevyCharge, LevySchedule } from '@lintel/contracts';
import { uuid } from '../../../test/fixtures.ts';

export const makeLevyCharge = (overrides: Partial<LevyCharge> = {}): LevyCharge => ({
  _id: uuid(),
  scheduleId: uuid(),
  propertyId: uuid(),
  propertyName: 'Sunset Flats',
  bodyCorporate: 'Sunset Body Corporate',
  period: '2026-11',
  dueDate: '2026-11-01',
  amount: 20000,
  currency: 'USD',
  status: 'due',
  paidAt: null,
  expenseId: null,
  held: 100000,
  ...overrides,
});

export const makeLevySchedule = (overrides: Partial<LevySchedule> = {}): LevySchedule => ({
  _id: uuid(),
  propertyId: uuid(),
  propertyName: 'Sunset Flats',
  bodyCorporate: 'Sunset Body Corporate',
  contact: 'levies@sunset.example',
  bankDetails: null,
  amount: 20000,
  currency: 'USD',
  startDate: '2026-01-01',
  endDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  __v: 3,
  ...overrides,
});
