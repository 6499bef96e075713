import {
  AccountantDashboard,
  AdminDashboard,
  AgentDashboard,
  GeneralDashboard,
  OwnerDashboard,
  type AgingTotals,
  type MonthlyIncome,
  type PropertyCounts,
} from '@lintel/contracts';

// Every fixture goes through the contract's schema, so a test cannot drift from what the server sends.

export const AS_OF = '2026-11-20';

/** The twelve months up to November 2026, oldest first. */
export const MONTHS = [
  '2025-12',
  ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11'].map((month) => `2026-${month}`),
];

export const makeCounts = (overrides: Partial<PropertyCounts> = {}): PropertyCounts => ({
  total: 10,
  occupied: 6,
  available: 2,
  underMaintenance: 1,
  inactive: 1,
  occupancyRateBp: 6667,
  ...overrides,
});

export const makeAging = (overrides: Partial<AgingTotals> = {}): AgingTotals => {
  const buckets = { current: 10000, days1to30: 20000, days31to60: 30000, days61to90: 0, days90plus: 5000 };
  const merged = { ...buckets, ...overrides };
  return {
    ...merged,
    total: merged.current + merged.days1to30 + merged.days31to60 + merged.days61to90 + merged.days90plus,
  };
};

export const makeIncome = (collected: (index: number) => number): MonthlyIncome[] =>
  MONTHS.map((month, index) => ({
    month,
    collected: collected(index),
    rent: collected(index),
    deposits: 0,
    ownerTopUps: 0,
    otherIncome: 0,
    commission: Math.round(collected(index) / 10),
    vat: 0,
    levies: 0,
    expenses: 0,
  }));

export const makeAccountantDashboard = (overrides: Partial<AccountantDashboard> = {}) =>
  AccountantDashboard.parse({
    role: 'accountant',
    currency: 'USD',
    asOf: AS_OF,
    collectedThisMonth: 125050,
    collectedLastMonth: 100000,
    arrears: makeAging(),
    commissionThisMonth: 12505,
    heldForOwners: 987654,
    leviesDue: { count: 3, amount: 45000 },
    overdueInvoices: { count: 1, amount: 7500 },
    incomeByMonth: makeIncome((index) => 100000 + index * 2500),
    ...overrides,
  });

export const makeAdminDashboard = (overrides: Partial<AdminDashboard> = {}) =>
  AdminDashboard.parse({
    role: 'admin',
    currency: 'USD',
    asOf: AS_OF,
    properties: makeCounts(),
    usersByRole: [
      { role: 'admin', count: 1 },
      { role: 'agent', count: 4 },
      { role: 'owner', count: 6 },
      { role: 'accountant', count: 2 },
      { role: 'other', count: 1 },
    ],
    openMaintenance: {
      total: 5,
      byStatus: [
        { status: 'pending', count: 2 },
        { status: 'approved', count: 1 },
        { status: 'in_progress', count: 2 },
      ],
    },
    paymentsThisMonth: { count: 14, amount: 1500000 },
    auditActivity: Array.from({ length: 30 }, (_, index) => ({
      day: `2026-10-${String(index + 1).padStart(2, '0')}`,
      count: index % 7,
    })),
    incomeByMonth: makeIncome((index) => 100000 + index * 2500),
    ...overrides,
  });

export const makeAgentDashboard = (overrides: Partial<AgentDashboard> = {}) =>
  AgentDashboard.parse({
    role: 'agent',
    currency: 'USD',
    asOf: AS_OF,
    properties: makeCounts({
      total: 4,
      occupied: 3,
      available: 1,
      underMaintenance: 0,
      inactive: 0,
      occupancyRateBp: 7500,
    }),
    leasesEndingSoon: 2,
    arrears: makeAging(),
    commissionThisMonth: 6030,
    commissionByMonth: MONTHS.map((month, index) => ({ month, amount: 5000 + index * 100 })),
    tasks: { open: 5, dueToday: 2, overdue: 1 },
    openMaintenance: 3,
    ...overrides,
  });

export const makeOwnerDashboard = (overrides: Partial<OwnerDashboard> = {}) =>
  OwnerDashboard.parse({
    role: 'owner',
    currency: 'USD',
    asOf: AS_OF,
    properties: makeCounts({
      total: 3,
      occupied: 2,
      available: 1,
      underMaintenance: 0,
      inactive: 0,
      occupancyRateBp: 6667,
    }),
    receivedThisMonth: 180000,
    receivedThisYear: 1980000,
    latestStatement: {
      from: '2026-10-01',
      to: '2026-10-31',
      openingBalance: 50000,
      moneyIn: 180000,
      moneyOut: 150000,
      closingBalance: 80000,
    },
    openMaintenance: 1,
    approvalsWaiting: 2,
    receivedByMonth: MONTHS.map((month) => ({ month, amount: 180000 })),
    ...overrides,
  });

export const makeGeneralDashboard = (overrides: Partial<GeneralDashboard> = {}) =>
  GeneralDashboard.parse({
    role: 'other',
    currency: 'USD',
    asOf: AS_OF,
    properties: makeCounts(),
    propertiesByType: [
      { type: 'apartment', count: 5 },
      { type: 'house', count: 4 },
      { type: 'office', count: 1 },
    ],
    ...overrides,
  });
