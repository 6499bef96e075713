import {
  formatMajorUnits,
  PAYMENT_METHODS,
  PAYMENT_TYPES,
  PaymentInput,
  SPLIT_EXCEEDS_AMOUNT,
  splitRent,
} from '@lintel/contracts';
import { assertCurrencyEnabled, loadFinanceSettings, splitRatesFor } from '../../finance/index.ts';
import { allPayments, postPayments } from '../../payments/index.ts';
import { importer, type TemplateRow } from '../importer.ts';
import { cellsOf, checkInput, refusal, UNRESOLVED_ID } from '../rows.ts';
import { leaseKey, leasesByKey } from './leases.ts';
import { PropertyIndex } from './properties.ts';

/** A payment's natural key: property, date, amount, currency and reference. */
const paymentKey = (payment: {
  propertyId: string;
  paymentDate: string;
  amount: number;
  currency: string;
  reference?: string | null | undefined;
}) =>
  [payment.propertyId, payment.paymentDate, payment.amount, payment.currency, payment.reference ?? ''].join(
    '|',
  );

const COLUMNS: Record<string, string> = {
  type: 'type',
  leaseId: 'lease_start_date',
  propertyId: 'property_name',
  amount: 'amount',
  currency: 'currency',
  method: 'method',
  paymentDate: 'payment_date',
  reference: 'reference',
  payerName: 'payer',
  notes: 'notes',
};

export const paymentsImporter = importer({
  async load(tx, ctx) {
    const payments = await allPayments(tx, ctx, {});
    return {
      properties: await PropertyIndex.load(tx, ctx),
      leases: await leasesByKey(tx, ctx),
      settings: await loadFinanceSettings(tx, ctx),
      company: new Set(
        payments.map(({ payment }) => paymentKey({ ...payment, amount: payment.amountCents })),
      ),
      file: new Map<string, number>(),
    };
  },

  check(row, problems, known) {
    const cell = cellsOf(row, problems);
    const property = known.properties.referredBy(row, problems);
    const type = cell.choice('type', PAYMENT_TYPES, { what: 'payment type' });
    const leaseStart = cell.text('lease_start_date')
      ? cell.date('lease_start_date', 'lease start date')
      : null;
    const lease = property && leaseStart ? known.leases.get(leaseKey(property.id, leaseStart)) : undefined;
    if (property && leaseStart && !lease) {
      problems.add(
        row,
        'lease_start_date',
        'No lease on this property starts on this day. Import the leases first.',
      );
    }
    if (leaseStart === null && (type === 'rent' || type === 'deposit')) {
      problems.add(row, 'lease_start_date', `Enter the start date of the lease this ${type} is for.`);
    }
    const input = checkInput(
      PaymentInput,
      {
        type,
        leaseId: leaseStart ? (lease?.id ?? UNRESOLVED_ID) : undefined,
        propertyId: property?.id ?? UNRESOLVED_ID,
        amount: cell.money('amount', { what: 'amount' }),
        currency: cell.required('currency', 'currency')?.toUpperCase(),
        method: cell.choice('method', PAYMENT_METHODS, { what: 'payment method' }),
        paymentDate: cell.date('payment_date', 'payment date'),
        reference: cell.optional('reference'),
        payerName: cell.optional('payer'),
        notes: cell.optional('notes'),
      },
      COLUMNS,
      row,
      problems,
    );
    if (!input || !property || (leaseStart && !lease)) return undefined;
    // What posting would refuse, found now so that the dry run's report is the whole truth.
    if (lease?.status === 'draft') {
      problems.add(
        row,
        'lease_start_date',
        'This lease is a draft: payments are taken on active or past leases.',
      );
    }
    if (lease && lease.currency !== input.currency) {
      problems.add(
        row,
        'currency',
        `This lease is in ${lease.currency}: record the payment in ${lease.currency}.`,
      );
    }
    const notEnabled = refusal(() => assertCurrencyEnabled(known.settings, input.currency));
    if (notEnabled) problems.add(row, 'currency', notEnabled);
    if (
      input.type === 'rent' &&
      refusal(() => splitRent(input.amount, splitRatesFor(known.settings, property)))
    ) {
      problems.add(row, 'amount', `${SPLIT_EXCEEDS_AMOUNT}.`);
    }
    if (problems.has(row)) return undefined;
    const key = paymentKey({ ...input, propertyId: property.id });
    const earlier = known.file.get(key);
    if (earlier !== undefined) {
      problems.add(
        row,
        'reference',
        `Row ${earlier} has the same property, date, amount, currency and reference.`,
      );
      return undefined;
    }
    known.file.set(key, row.row);
    return known.company.has(key) ? 'unchanged' : input;
  },

  async write(tx, ctx, payments) {
    // Past payments: nobody is told of them as if they had just come in.
    await postPayments(tx, ctx, payments, { notify: false });
  },

  async exportRows(tx, ctx) {
    const leases = new Map([...(await leasesByKey(tx, ctx)).values()].map((lease) => [lease.id, lease]));
    return (await allPayments(tx, ctx, { status: 'completed' })).map(
      ({ payment, propertyName, propertyAddress }): TemplateRow => ({
        property_name: propertyName,
        property_address: propertyAddress,
        lease_start_date: payment.leaseId ? (leases.get(payment.leaseId)?.startDate ?? '') : '',
        type: payment.type,
        amount: formatMajorUnits(payment.amountCents),
        currency: payment.currency,
        method: payment.method,
        payment_date: payment.paymentDate,
        reference: payment.reference ?? '',
        payer: payment.payerName ?? '',
        notes: payment.notes ?? '',
      }),
    );
  },
});
