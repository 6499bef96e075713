import { formatMajorUnits } from '@lintel/contracts';
import { assertCurrencyEnabled, loadFinanceSettings } from '../../finance/index.ts';
import { ledgerAccount, linesOfKind, postJournals } from '../../ledger/index.ts';
import { propertiesForSync } from '../../properties/index.ts';
import { importer, type TemplateRow } from '../importer.ts';
import { cellsOf, refusal } from '../rows.ts';
import { PropertyIndex } from './properties.ts';

/**
 * Money already held for a property's owner when the agency moves to Lintel: the trust bank
 * holds it (debit), the property's account owes it to the owner (credit).
 */
export const OPENING_BALANCE = 'opening_balance';
const DEFAULT_DESCRIPTION = 'Opening balance';
const PROPERTY_ACCOUNT = ledgerAccount.property('');

/** An opening balance's natural key: property, date, amount and currency. */
const balanceKey = (propertyId: string, date: string, amount: number, currency: string) =>
  [propertyId, date, amount, currency].join('|');

/** The opening balances already posted, as the property-account lines of their journals. */
async function postedBalances(...args: Parameters<typeof linesOfKind>) {
  return (await linesOfKind(...args)).flatMap((line) =>
    line.account.startsWith(PROPERTY_ACCOUNT)
      ? [{ ...line, propertyId: line.account.slice(PROPERTY_ACCOUNT.length), amount: -line.amountCents }]
      : [],
  );
}

export const openingBalancesImporter = importer({
  async load(tx, ctx) {
    const posted = await postedBalances(tx, ctx, OPENING_BALANCE);
    return {
      properties: await PropertyIndex.load(tx, ctx),
      settings: await loadFinanceSettings(tx, ctx),
      company: new Set(
        posted.map((line) => balanceKey(line.propertyId, line.entryDate, line.amount, line.currency)),
      ),
      file: new Map<string, number>(),
    };
  },

  check(row, problems, known) {
    const cell = cellsOf(row, problems);
    const property = known.properties.referredBy(row, problems);
    const amount = cell.money('amount', { what: 'amount' });
    if (amount === 0) problems.add(row, 'amount', 'Amount must be more than zero');
    const currency = cell.required('currency', 'currency')?.toUpperCase();
    const notEnabled = currency && refusal(() => assertCurrencyEnabled(known.settings, currency));
    if (notEnabled) problems.add(row, 'currency', notEnabled);
    const date = cell.date('date', 'date');
    const description = cell.optional('description');
    if (description && description.length > 500) {
      problems.add(row, 'description', 'Description must be at most 500 characters');
    }
    if (!property || !amount || !currency || !date || problems.has(row)) return undefined;
    const key = balanceKey(property.id, date, amount, currency);
    const earlier = known.file.get(key);
    if (earlier !== undefined) {
      problems.add(row, 'amount', `Row ${earlier} has the same property, date, amount and currency.`);
      return undefined;
    }
    known.file.set(key, row.row);
    if (known.company.has(key)) return 'unchanged';
    return { propertyId: property.id, amount, currency, date, description };
  },

  async write(tx, ctx, balances) {
    await postJournals(
      tx,
      ctx,
      balances.map((balance) => ({
        kind: OPENING_BALANCE,
        description: balance.description ?? DEFAULT_DESCRIPTION,
        reference: null,
        entryDate: balance.date,
        postedBy: ctx.userId,
        lines: [
          { account: ledgerAccount.trustBank, currency: balance.currency, amountCents: balance.amount },
          {
            account: ledgerAccount.property(balance.propertyId),
            currency: balance.currency,
            amountCents: -balance.amount,
          },
        ],
      })),
    );
  },

  async exportRows(tx, ctx) {
    const properties = new Map((await propertiesForSync(tx, ctx)).map((property) => [property.id, property]));
    return (await postedBalances(tx, ctx, OPENING_BALANCE)).map((line): TemplateRow => {
      const property = properties.get(line.propertyId)!;
      return {
        property_name: property.name,
        property_address: property.address,
        amount: formatMajorUnits(line.amount),
        currency: line.currency,
        date: line.entryDate,
        description: line.description,
      };
    });
  },
});
