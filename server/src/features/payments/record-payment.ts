import { randomUUID } from 'node:crypto';
import {
  formatMoney,
  SPLIT_EXCEEDS_AMOUNT,
  splitRent,
  type Payment,
  type PaymentInput,
  type RentSplit,
} from '@lintel/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { transact, type Ctx } from '../../db/scope.ts';
import { nextNumbers } from '../../db/sequences.ts';
import { hashToken } from '../../lib/crypto.ts';
import { badRequest, conflict, forbidden, unprocessable } from '../../lib/errors.ts';
import { assertRole } from '../../lib/roles.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { assertCurrencyEnabled, loadFinanceSettings, loadVatRates, splitRatesFor } from '../finance/index.ts';
import { findLease, todayIso } from '../leases/index.ts';
import { notify } from '../notifications/index.ts';
import { findOwner } from '../owners/index.ts';
import { ledgerAccount, postJournals } from '../ledger/index.ts';
import { findProperty } from '../properties/index.ts';
import { ensureRentCharges, settleLease } from '../rent/index.ts';
import { toPayment } from './dto.ts';
import { queueReceiptEmail } from './receipt-mail.ts';
import * as repo from './repo.ts';
import { loadVisible, reload } from './access.ts';

const RECORDERS = ['accountant', 'agent'] as const;
const MAX_KEY_LENGTH = 200;

/** Same request, same fingerprint: keys sorted so property order in the JSON does not matter. */
function fingerprintOf(input: z.output<typeof PaymentInput>): string {
  const entries = Object.entries(input)
    .filter(([, value]) => value !== undefined && value !== null)
    .sort(([a], [b]) => a.localeCompare(b));
  return hashToken(JSON.stringify(entries));
}

const NO_SPLIT: RentSplit = { commission: 0, agentShare: 0, agencyShare: 0, vat: 0, owner: 0 };

/** Loads each lease and property once, however many payments of a batch name it. */
function targetLookups(tx: Tx, ctx: Ctx) {
  const leases = new Map<string, ReturnType<typeof findLease>>();
  const properties = new Map<string, ReturnType<typeof findProperty>>();
  const once = <T>(cache: Map<string, T>, id: string, load: () => T) => {
    if (!cache.has(id)) cache.set(id, load());
    return cache.get(id)!;
  };
  return {
    lease: (id: string) => once(leases, id, () => findLease(tx, ctx, id)),
    property: (id: string) => once(properties, id, () => findProperty(tx, ctx, id)),
  };
}

/** What the payment is for: its lease (rent, deposit) and property, checked against the caller. */
async function resolveTarget(
  ctx: Ctx,
  lookups: ReturnType<typeof targetLookups>,
  input: z.output<typeof PaymentInput>,
) {
  let lease;
  if (input.leaseId) {
    lease = await lookups.lease(input.leaseId);
    if (!lease) throw unprocessable('INVALID_LEASE', 'The chosen lease is not a lease of this company.');
    if (lease.status === 'draft') {
      throw unprocessable(
        'LEASE_NOT_ACTIVE',
        'This lease is still a draft: activate it before taking payments.',
      );
    }
    if (input.type === 'deposit' && lease.renewalId && lease.status !== 'active') {
      // The deposit follows the tenancy: it was carried over to the renewal when that took over.
      throw unprocessable(
        'DEPOSIT_FOLLOWS_RENEWAL',
        'This lease has been renewed: record the deposit on the renewal, the lease in force.',
      );
    }
    if (input.propertyId && input.propertyId !== lease.propertyId) {
      throw unprocessable('PROPERTY_MISMATCH', 'The lease is not on the chosen property.');
    }
    if (input.currency !== lease.currency) {
      throw unprocessable(
        'CURRENCY_MISMATCH',
        `This lease is in ${lease.currency}: record the payment in ${lease.currency}.`,
      );
    }
  }
  const property = await lookups.property(lease?.propertyId ?? input.propertyId!);
  if (!property)
    throw unprocessable('INVALID_PROPERTY', 'The chosen property is not a property of this company.');
  if (ctx.role === 'agent' && property.agentId !== ctx.userId) {
    throw forbidden('Only the agent who manages this property, or an accountant, can record its payments.');
  }
  return { lease, property };
}

/**
 * Posts payments (split, ledger journal, receipt number, allocations to rent charges) and returns
 * their ids in order. One payment is the usual case; a batch (an import of past payments) gets the
 * same splits, journals and receipts as one by one, and its leases are settled oldest charge first
 * once at the end, but it reads each lease and property once, takes its receipt numbers in one
 * step and writes in multi-row statements. `notify: false` for history nobody must be told of.
 */
export async function postPayments(
  tx: Tx,
  ctx: Ctx,
  inputs: z.output<typeof PaymentInput>[],
  options: {
    notify?: boolean;
    /** The account the money came in to: the trust bank, or trust suspense when a parked receipt is identified. */
    receivedInto?: string;
  } = {},
): Promise<string[]> {
  const receivedInto = options.receivedInto ?? ledgerAccount.trustBank;
  if (inputs.length === 0) return [];
  const lookups = targetLookups(tx, ctx);
  const settings = await loadFinanceSettings(tx, ctx);
  // Once per batch: each payment takes the VAT rate in force on its payment date.
  const vatHistory = await loadVatRates(tx, ctx);
  const planned = [];
  for (const input of inputs) {
    const { lease, property } = await resolveTarget(ctx, lookups, input);
    assertCurrencyEnabled(settings, input.currency);
    const rates = splitRatesFor(settings, property, { history: vatHistory, day: input.paymentDate });
    let split = NO_SPLIT;
    if (input.type === 'rent') {
      try {
        split = splitRent(input.amount, rates);
      } catch {
        throw unprocessable('SPLIT_EXCEEDS_AMOUNT', `${SPLIT_EXCEEDS_AMOUNT}.`);
      }
    } else if (input.type === 'other') {
      split = { ...NO_SPLIT, owner: input.amount };
    }
    const payer = input.payerName ?? lease?.tenantName ?? null;
    const rentLeaseId = input.type === 'rent' && lease !== undefined ? lease.id : undefined;
    planned.push({ input, lease, property, rates, split, payer, rentLeaseId, id: randomUUID() });
  }
  const rentLeaseIds = [...new Set(planned.flatMap((post) => post.rentLeaseId ?? []))];
  const chargesCreated = new Map<string, number>();
  for (const leaseId of rentLeaseIds) {
    chargesCreated.set(leaseId, await ensureRentCharges(tx, ctx, todayIso(), leaseId));
  }
  // As late as possible: the counter row stays locked until commit and queues every post of the company.
  const firstNumber = await nextNumbers(tx, ctx, 'receipt', planned.length);
  const posts = planned.map((post, index) => ({
    ...post,
    receiptNumber: `${settings.receiptPrefix}${String(firstNumber + index).padStart(6, '0')}`,
  }));
  const journalIds = await postJournals(
    tx,
    ctx,
    posts.map(({ input, property, split, payer, receiptNumber, lease }) => {
      const held =
        input.type === 'deposit'
          ? [{ account: ledgerAccount.deposits(lease!.id), amountCents: -input.amount }]
          : [
              { account: ledgerAccount.property(property.id), amountCents: -split.owner },
              { account: ledgerAccount.dueToAgency, amountCents: -(split.commission + split.vat) },
              // The business book: what trust owes it is its commission income, VAT and the agent's share.
              { account: ledgerAccount.dueFromTrust, amountCents: split.commission + split.vat },
              { account: ledgerAccount.commissionIncome, amountCents: -split.commission },
              { account: ledgerAccount.vatPayable, amountCents: -split.vat },
              ...(property.agentId
                ? [
                    { account: ledgerAccount.agentsCommission, amountCents: split.agentShare },
                    { account: ledgerAccount.agent(property.agentId), amountCents: -split.agentShare },
                  ]
                : []),
            ];
      return {
        kind: `payment_${input.type}`,
        description: `${receiptNumber} ${input.type} from ${payer ?? 'payer'} — ${property.name}`,
        reference: input.reference ?? receiptNumber,
        entryDate: input.paymentDate,
        postedBy: ctx.userId,
        lines: [
          { account: receivedInto, currency: input.currency, amountCents: input.amount },
          ...held.map((line) => ({ ...line, currency: input.currency })),
        ],
      };
    }),
  );
  await repo.insertPayments(
    tx,
    posts.map(({ input, lease, property, rates, split, payer, receiptNumber, id }, index) => ({
      id,
      companyId: ctx.companyId,
      receiptNumber,
      type: input.type,
      propertyId: property.id,
      leaseId: lease?.id ?? null,
      tenantId: lease?.tenantId ?? null,
      agentId: property.agentId,
      payerName: payer,
      amountCents: input.amount,
      currency: input.currency,
      method: input.method,
      paymentDate: input.paymentDate,
      reference: input.reference ?? null,
      notes: input.notes ?? null,
      commissionRateBp: input.type === 'rent' ? rates.commissionRateBp : 0,
      agentShareBp: input.type === 'rent' && rates.hasAgent ? rates.agentShareBp : 0,
      vatRateBp: input.type === 'rent' && rates.vatRegistered ? rates.vatRateBp : 0,
      commissionCents: split.commission,
      agentShareCents: split.agentShare,
      agencyShareCents: split.agencyShare,
      vatCents: split.vat,
      ownerCents: split.owner,
      journalId: journalIds[index]!,
      receivedBy: ctx.userId,
    })),
  );
  for (const leaseId of rentLeaseIds) {
    const newIds = posts.filter((post) => post.rentLeaseId === leaseId).map((post) => post.id);
    // Only a lone new payment with no new charges can be settled alone; otherwise the whole
    // lease is (new charges may be owed older credit first).
    const onlyNew = newIds.length === 1 && chargesCreated.get(leaseId) === 0 ? newIds[0] : undefined;
    await settleLease(tx, ctx, leaseId, onlyNew);
  }
  if (options.notify ?? true) {
    for (const { input, property, receiptNumber } of posts) {
      const owner = property.ownerId ? await findOwner(tx, ctx, property.ownerId) : undefined;
      await notify(tx, ctx, {
        userIds: [owner?.userId, property.agentId],
        type: 'payment.received',
        title: 'Payment received',
        message: `${formatMoney(input.amount, input.currency)} ${input.type} received for ${property.name} (receipt ${receiptNumber}).`,
        link: '/payments',
      });
    }
  }
  return posts.map((post) => post.id);
}

/**
 * Records a payment and posts it, in one transaction. With an idempotency key, a retry of the
 * same request returns the first payment; the same key with another body is a conflict.
 */
export const recordPayment = (ctx: Ctx, input: z.output<typeof PaymentInput>, key: string | undefined) =>
  transact(ctx, async (tx): Promise<Payment> => {
    assertRole(ctx, RECORDERS);
    if (key !== undefined && (key.length === 0 || key.length > MAX_KEY_LENGTH)) {
      throw badRequest('VALIDATION', `The Idempotency-Key header must be 1 to ${MAX_KEY_LENGTH} characters.`);
    }
    if (key !== undefined) {
      const fingerprint = fingerprintOf(input);
      if (!(await repo.claimKey(tx, ctx, key, fingerprint))) {
        const claimed = await repo.findKey(tx, ctx, key);
        if (claimed?.fingerprint !== fingerprint || !claimed.paymentId) {
          throw conflict(
            'IDEMPOTENCY_KEY_REUSED',
            'This Idempotency-Key was already used for a different payment. Use a new key for a new payment.',
          );
        }
        return toPayment(await loadVisible(tx, ctx, claimed.paymentId));
      }
    }
    const [id] = (await postPayments(tx, ctx, [input])) as [string];
    if (key !== undefined) await repo.setKeyPayment(tx, ctx, key, id);
    const payment = await reload(tx, ctx, id);
    await queueReceiptEmail(tx, ctx, id);
    await recordAudit(tx, auditActor(ctx), {
      action: 'payment.recorded',
      entity: 'payment',
      entityId: id,
      after: payment,
    });
    return payment;
  });
