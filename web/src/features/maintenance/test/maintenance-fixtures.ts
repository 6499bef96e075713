import type { MaintenanceDetail } from '@lintel/contracts';
import { USER_ID } from '../../../test/fixtures.ts';

export const REQUEST_ID = '7b0c5c3e-0000-4000-8000-000000000001';
export const OTHER_AGENT_ID = '7b0c5c3e-0000-4000-8000-000000000009';

export function makeRequest(overrides: Partial<MaintenanceDetail> = {}): MaintenanceDetail {
  return {
    _id: REQUEST_ID,
    propertyId: '7b0c5c3e-0000-4000-8000-000000000002',
    propertyName: 'Avondale House',
    propertyAgentId: USER_ID,
    title: 'Leaking geyser',
    description: 'Water through the ceiling',
    priority: 'high',
    status: 'pending',
    requestedBy: USER_ID,
    requestedByName: 'Ada Lovelace',
    assignedToId: null,
    assignedToName: null,
    assignedSupplier: 'Pipe Pros',
    currency: 'USD',
    estimatedCost: 20000,
    actualCost: null,
    costBearer: 'owner',
    ownerApprovalRequired: false,
    ownerApprovedAt: null,
    expenseId: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    __v: 0,
    events: [
      {
        _id: '7b0c5c3e-0000-4000-8000-000000000003',
        fromStatus: null,
        toStatus: 'pending',
        note: 'Request raised',
        actorId: USER_ID,
        actorName: 'Ada Lovelace',
        createdAt: '2026-11-20T08:00:00.000Z',
      },
    ],
    attachments: [],
    ...overrides,
  };
}
