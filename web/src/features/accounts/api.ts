import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountsApi,
  financeApi,
  ledgerApi,
  propertiesApi,
  type ArrearsQuery,
  type DepositInterestInput,
  type DepositReleaseInput,
  type ExpenseInput,
  type PayoutInput,
  type PropertyAccount,
  type PropertyAccountQuery,
  type TrialBalanceQuery,
} from '@lintel/contracts';
import { downloadFile, request } from '../../lib/http.ts';
import { useAuth } from '../../session/index.ts';

// PRODUCT.md roles table. The server enforces it; a 403 signs the user out, so nothing calls past it.
type RoleName = string | undefined;
/** Property accounts and statements: admin, accountant, agent (their properties), owner (own). */
export const canReadPropertyAccounts = (role: RoleName) =>
  role === 'admin' || role === 'accountant' || role === 'agent' || role === 'owner';
/** Agent accounts and commissions: admin, accountant, agent (own). */
export const canReadAgentAccounts = (role: RoleName) =>
  role === 'admin' || role === 'accountant' || role === 'agent';
/** Payouts, expenses and deposit releases are the accountant's alone. */
export const canMoveMoney = (role: RoleName) => role === 'accountant';
/** Finance settings (the enabled currencies): admin, accountant, agent. */
const canReadFinanceSettings = canReadAgentAccounts;

/**
 * Whose statement: a property's, an owner's, an agent's, a lease's deposit, or any ledger
 * account's (id = account name).
 */
export type StatementKind = 'property' | 'owner' | 'agent' | 'deposit' | 'ledger';
/** A statement's period and currency; the format is picked per request. */
// A type, not an interface: request() takes it as a plain query record.
export type StatementRequest = { from: string; to: string; currency: string };
/** A statement on screen: its period and currency, and the page of lines to show. */
export type StatementPageRequest = StatementRequest & { page: number; pageSize: number };
export type PropertyAccountListQuery = Partial<PropertyAccountQuery>;
/** A property account row keyed for a grid: one property has a row per currency. */
export type PropertyAccountRow = PropertyAccount & { _id: string };

const STATEMENT_CALLS = {
  property: accountsApi.propertyStatement,
  owner: accountsApi.ownerStatement,
  agent: accountsApi.agentStatement,
  deposit: accountsApi.depositStatement,
  ledger: ledgerApi.accountStatement,
} as const;

/** The statement call's path parameters: a ledger account by its name, the others by id. */
const statementParams = (kind: StatementKind, id: string): Record<string, string> =>
  kind === 'ledger' ? { account: id } : { id };

export const accountKeys = {
  all: ['accounts'] as const,
  trialBalance: (query: TrialBalanceQuery) => ['accounts', 'trial-balance', query] as const,
  properties: (query: PropertyAccountListQuery) => ['accounts', 'properties', query] as const,
  property: (id: string) => ['accounts', 'property', id] as const,
  statement: (kind: StatementKind, id: string, query: StatementPageRequest) =>
    ['accounts', 'statement', kind, id, query] as const,
  agents: (currency: string | undefined) => ['accounts', 'agents', currency ?? 'all'] as const,
  commissions: (query: StatementRequest) => ['accounts', 'commissions', query] as const,
  arrears: (query: Partial<ArrearsQuery>) => ['accounts', 'arrears', query] as const,
  leaseCharges: (leaseId: string) => ['accounts', 'lease-charges', leaseId] as const,
  leaseReminders: (leaseId: string) => ['accounts', 'lease-reminders', leaseId] as const,
  payouts: (query: Record<string, unknown>) => ['accounts', 'payouts', query] as const,
  deposit: (leaseId: string) => ['accounts', 'deposit', leaseId] as const,
  currencies: ['accounts', 'currencies'] as const,
};

export function useTrialBalance(query: TrialBalanceQuery, enabled = true) {
  return useQuery({
    queryKey: accountKeys.trialBalance(query),
    queryFn: () => request(accountsApi.trialBalance, { query }).then((reply) => reply.data),
    enabled,
  });
}

export function usePropertyAccounts(query: PropertyAccountListQuery, enabled = true) {
  return useQuery({
    queryKey: accountKeys.properties(query),
    queryFn: () => request(accountsApi.propertyAccounts, { query }),
    select: (reply) => ({
      ...reply,
      data: reply.data.map((row): PropertyAccountRow => ({
        ...row,
        _id: `${row.propertyId}:${row.currency}`,
      })),
    }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The property an account page is about: its name finds its account rows, its currency is the default. */
export function useAccountProperty(id: string, enabled = true) {
  return useQuery({
    queryKey: accountKeys.property(id),
    queryFn: () => request(propertiesApi.get, { params: { id } }).then((reply) => reply.data),
    enabled,
  });
}

/** The statement's figures for the whole period and one page of its lines (`meta.total` of them in all). */
export function useStatement(kind: StatementKind, id: string, query: StatementPageRequest, enabled = true) {
  return useQuery({
    queryKey: accountKeys.statement(kind, id, query),
    queryFn: () => request(STATEMENT_CALLS[kind], { params: statementParams(kind, id), query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The statement as a file; the server names it, `statement-{from}-{to}.{format}` otherwise. */
export const downloadStatement = (
  kind: StatementKind,
  id: string,
  query: StatementRequest,
  format: 'csv' | 'pdf',
) =>
  downloadFile(
    STATEMENT_CALLS[kind],
    { params: statementParams(kind, id), query: { ...query, format } },
    `${kind}-statement-${query.from}-${query.to}.${format}`,
  );

export function useAgentAccounts(currency?: string, enabled = true) {
  return useQuery({
    queryKey: accountKeys.agents(currency),
    queryFn: () =>
      request(accountsApi.agentAccounts, { query: currency ? { currency } : {} }).then((reply) => reply.data),
    enabled,
  });
}

export function useCommissions(query: StatementRequest, enabled = true) {
  return useQuery({
    queryKey: accountKeys.commissions(query),
    queryFn: () => request(accountsApi.commissions, { query }).then((reply) => reply.data),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useArrears(query: Partial<ArrearsQuery>, enabled = true) {
  return useQuery({
    queryKey: accountKeys.arrears(query),
    queryFn: () => request(accountsApi.arrears, { query }).then((reply) => reply.data),
    enabled,
  });
}

export function useLeaseCharges(leaseId: string, enabled = true) {
  return useQuery({
    queryKey: accountKeys.leaseCharges(leaseId),
    queryFn: () => request(accountsApi.leaseCharges, { params: { id: leaseId } }).then((reply) => reply.data),
    enabled,
  });
}

export function useLeaseReminders(leaseId: string, enabled = true) {
  return useQuery({
    queryKey: accountKeys.leaseReminders(leaseId),
    queryFn: () =>
      request(accountsApi.leaseReminders, { params: { id: leaseId } }).then((reply) => reply.data),
    enabled,
  });
}

export function usePayouts(query: Record<string, unknown>, enabled = true) {
  return useQuery({
    queryKey: accountKeys.payouts(query),
    queryFn: () => request(accountsApi.listPayouts, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDepositBalance(leaseId: string, enabled = true) {
  return useQuery({
    queryKey: accountKeys.deposit(leaseId),
    queryFn: () =>
      request(accountsApi.depositBalance, { params: { id: leaseId } }).then((reply) => reply.data),
    enabled,
  });
}

/**
 * The company's enabled currencies and its default. Owners may not read finance settings (403
 * would sign them out), so for them this asks nothing and knows none.
 */
export function useEnabledCurrencies() {
  const { user } = useAuth();
  return useQuery({
    queryKey: accountKeys.currencies,
    queryFn: () =>
      request(financeApi.get).then(({ data }) => ({
        currencies: data.currencies,
        defaultCurrency: data.defaultCurrency,
      })),
    enabled: canReadFinanceSettings(user?.role),
    staleTime: 5 * 60_000,
  });
}

/** Every money movement changes balances, statements and arrears alike: all of them refetch. */
function useInvalidateAccounts() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: accountKeys.all });
}

export function useGenerateCharges() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: () => request(accountsApi.generateCharges).then((reply) => reply.data),
    onSuccess: invalidate,
  });
}

export function useCreatePayout() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (body: PayoutInput) =>
      request(accountsApi.createPayout, { body }).then((reply) => reply.data),
    onSuccess: invalidate,
  });
}

export function useCreateExpense() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (body: ExpenseInput) =>
      request(accountsApi.createExpense, { body }).then((reply) => reply.data),
    onSuccess: invalidate,
  });
}

export function useReleaseDeposit() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: ({ leaseId, body }: { leaseId: string; body: DepositReleaseInput }) =>
      request(accountsApi.releaseDeposit, { params: { id: leaseId }, body }).then((reply) => reply.data),
    onSuccess: invalidate,
  });
}

/** Interest the bank paid on the deposit account, shared among the deposits held (accountant). */
export function useRecordDepositInterest() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (body: DepositInterestInput) =>
      request(accountsApi.depositInterest, { body }).then((reply) => reply.data),
    onSuccess: invalidate,
  });
}
