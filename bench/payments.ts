import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { IDEMPOTENCY_KEY_HEADER, Payment, pageEnvelope, TrialBalance } from '@lintel/contracts';
import { createLetProperty } from './lib/api.ts';
import type { Benchmark, Check } from './lib/benchmark.ts';

/** Issue 6: rent payments posted by 20 concurrent clients, then proof none was lost or doubled. */
const CONNECTIONS = 20;
const REQUESTS = 2000;
const AMOUNT_CENTS = 1000;
const PAGE_SIZE = 100;
const PaymentPage = pageEnvelope(Payment);

const receiptSequence = (receiptNumber: string) => Number(/(\d+)$/.exec(receiptNumber)?.[1]);

export const paymentsBenchmark: Benchmark = {
  name: 'concurrent payments',
  async run(target) {
    const { accountant, lease } = await createLetProperty(target, 'Payments');
    const acknowledged: Payment[] = [];
    const statuses = new Map<number, number>();
    const result = await autocannon({
      url: target.baseUrl(),
      connections: CONNECTIONS,
      amount: REQUESTS,
      // A slow reply must not count as lost: the check below compares what the server acknowledged.
      timeout: 120,
      requests: [
        {
          method: 'POST',
          path: '/api/payments',
          headers: { authorization: accountant.authorization, 'content-type': 'application/json' },
          body: JSON.stringify({
            type: 'rent',
            leaseId: lease._id,
            amount: AMOUNT_CENTS,
            currency: lease.currency,
            method: 'bank_transfer',
            paymentDate: '2026-11-20',
          }),
          // Every request is a new payment: its own idempotency key.
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
          }),
          onResponse: (status, body) => {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status === 201)
              acknowledged.push(Payment.parse((JSON.parse(body) as { data: unknown }).data));
          },
        },
      ],
    });

    const listed: Payment[] = [];
    for (let page = 1; ; page++) {
      const reply = PaymentPage.parse(
        (
          await accountant.call(
            'GET',
            `/api/payments?leaseId=${lease._id}&pageSize=${PAGE_SIZE}&page=${page}&sort=receiptNumber`,
          )
        ).body,
      );
      listed.push(...reply.data);
      if (reply.data.length < PAGE_SIZE) break;
    }
    const trialBalance = TrialBalance.parse(
      await accountant.expect(200, 'GET', '/api/ledger/trial-balance?currency=USD'),
    );

    const listedIds = new Map<string, number>();
    for (const payment of listed) listedIds.set(payment._id, (listedIds.get(payment._id) ?? 0) + 1);
    const ackIds = new Set(acknowledged.map((payment) => payment._id));
    const missing = acknowledged.filter((payment) => listedIds.get(payment._id) !== 1);
    const receipts = listed.map((payment) => receiptSequence(payment.receiptNumber)).sort((a, b) => a - b);
    const distinctReceipts = new Set(receipts).size;
    const contiguous =
      receipts.length > 0 &&
      distinctReceipts === receipts.length &&
      receipts.at(-1)! - receipts[0]! === receipts.length - 1;
    const checks: Check[] = [
      {
        name: 'every request answered 201',
        pass: acknowledged.length === REQUESTS && result.errors === 0,
        detail: `statuses ${JSON.stringify(Object.fromEntries(statuses))}, ${result.errors} errors, ${result.timeouts} timeouts`,
      },
      {
        name: 'each acknowledged payment stored exactly once',
        pass: missing.length === 0 && ackIds.size === acknowledged.length,
        detail: `${acknowledged.length} acknowledged (${ackIds.size} distinct ids), ${missing.length} not found exactly once`,
      },
      {
        name: 'payments stored = acknowledged',
        pass: listed.length === acknowledged.length && listedIds.size === listed.length,
        detail: `${listed.length} listed for the lease, ${acknowledged.length} acknowledged`,
      },
      {
        name: 'receipt numbers distinct and contiguous',
        pass: contiguous,
        detail: `${distinctReceipts} distinct of ${receipts.length}, ${receipts[0]}…${receipts.at(-1)}`,
      },
      {
        name: 'trial balance total is 0',
        pass: trialBalance.total === 0,
        detail: `total ${trialBalance.total}; trust bank ${trialBalance.trustBank} = ${AMOUNT_CENTS} × ${trialBalance.trustBank / AMOUNT_CENTS}`,
      },
    ];
    return {
      figures: [
        { name: 'payments acknowledged', value: acknowledged.length, unit: 'payments' },
        {
          name: 'payments per second',
          value: Math.round((acknowledged.length / result.duration) * 10) / 10,
          unit: '/s',
        },
        { name: 'latency p50', value: result.latency.p50, unit: 'ms' },
        { name: 'latency p99', value: result.latency.p99, unit: 'ms' },
        { name: 'latency max', value: result.latency.max, unit: 'ms' },
      ],
      checks,
      details: { connections: CONNECTIONS, requests: REQUESTS, durationSeconds: result.duration },
    };
  },
};
