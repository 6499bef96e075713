import { addDays, BankAccountInput, type BankLineView } from '@lintel/contracts';
import {
  autoMatch,
  bankLedgerEntries,
  createBankAccount,
  importStatement,
  listLines,
  matchByHand,
  parkInSuspense,
  postBankCharge,
  returnPayout,
  signOff,
  type BankLedgerEntry,
} from '../banking/index.ts';
import { listPayouts } from '../accounts/index.ts';
import { accountantOf, type DemoCompany } from './context.ts';
import { addMonths } from './plan.ts';

/** Every trust statement shows the bank's monthly fee on the last day of the month. */
const MONTHLY_FEE = 1250;
/** One entry in this many reaches the bank's statement late (receipts and owners' remittances). */
const LATE_EVERY = 4;
/** Months ago: the credit nobody can place (parked in suspense) and the payout the bank sent back. */
const UNIDENTIFIED_MONTHS_AGO = 3;
const RETURNED_PAYOUT_MONTHS_AGO = 2;

interface StatementLine {
  date: string;
  amount: number;
  description: string;
  reference: string;
  /** The ledger entry it is, or what the demo does with it once imported. */
  source: { entry: BankLedgerEntry } | { extra: 'fee' | 'unidentified' | 'returned' | 'open' };
}

const lastDayOf = (month: string) => addDays(addMonths(`${month}-01`, 1), -1);

/**
 * PRODUCT.md "Demo data", issue 17: the trust account's monthly bank statements, written from
 * the ledger as a bank would show them (the monthly fee, some receipts a day or two later, one
 * credit nobody can place, one owner payout the bank sent back), imported as CSV, matched,
 * and reconciled and signed off up to last month; this month is open, with lines to work on.
 */
export async function seedDemoBanking(demo: DemoCompany): Promise<void> {
  const accountant = accountantOf(demo);
  const { today } = demo;
  const trust = await createBankAccount(
    accountant,
    BankAccountInput.parse({
      book: 'trust',
      currency: 'USD',
      name: 'Trust account',
      bankName: 'CABS',
      accountNumber: '1002 3345 6789',
    }),
  );
  await createBankAccount(
    accountant,
    BankAccountInput.parse({
      book: 'business',
      currency: 'USD',
      name: 'Operating account',
      bankName: 'CABS',
      accountNumber: '1002 3345 0001',
    }),
  );
  const entries = await bankLedgerEntries(accountant, trust._id, today);
  if (entries.length === 0) return;
  const returned = await payoutToReturn(demo);
  const lines = statementLines(entries, today, returned);
  const thisMonth = today.slice(0, 7);
  // The first statement opens at nil, as the ledger does.
  let balance = 0;

  for (
    let month = entries[0]!.date.slice(0, 7);
    month <= thisMonth;
    month = addMonths(`${month}-01`, 1).slice(0, 7)
  ) {
    const ofMonth = lines.filter((line) => line.date.slice(0, 7) === month);
    if (ofMonth.length === 0) continue;
    const opening = balance;
    balance += ofMonth.reduce((sum, line) => sum + line.amount, 0);
    const file = {
      data: Buffer.from(csvOf(ofMonth, opening)),
      fileName: `cabs-trust-${month}.csv`,
      mapping: JSON.stringify(CSV_MAPPING),
    };
    await importStatement(accountant, trust._id, async () => file, { dryRun: false, format: 'csv' });
    await autoMatch(accountant, trust._id);
    const open = await unmatchedLines(demo, trust._id, month);
    for (const line of ofMonth) {
      const imported = open.find(
        (row) => row.date === line.date && row.amount === line.amount && row.description === line.description,
      );
      if (!imported) continue;
      open.splice(open.indexOf(imported), 1);
      const { source } = line;
      if ('entry' in source) {
        // This month is left as auto-matching leaves it: lines for someone to work on.
        if (month < thisMonth) {
          await matchByHand(accountant, { lineIds: [imported._id], entrySeqs: [source.entry.seq] });
        }
      } else if (source.extra === 'fee' && month < thisMonth) {
        await postBankCharge(accountant, imported._id, { description: 'Bank charges' });
      } else if (source.extra === 'unidentified') {
        await parkInSuspense(accountant, imported._id, {
          note: 'EFT with no reference; the payer is not a tenant we know. Asked the bank for details.',
        });
      } else if (source.extra === 'returned' && returned) {
        await returnPayout(accountant, imported._id, { payoutId: returned.payoutId });
      }
    }
    if (month < thisMonth) await signOff(accountant, trust._id, lastDayOf(month));
  }
}

/** An owner's payout of two months ago that the bank sent back (account closed), after any late presentation. */
async function payoutToReturn(demo: DemoCompany) {
  const month = addMonths(demo.today, -RETURNED_PAYOUT_MONTHS_AGO).slice(0, 7);
  const { items } = await listPayouts(accountantOf(demo), {
    accountType: 'property',
    page: 1,
    pageSize: 100,
  });
  const payout = items.find((item) => item.payoutDate.startsWith(month) && item.currency === 'USD');
  return payout
    ? {
        payoutId: payout._id,
        date: addDays(payout.payoutDate, 9),
        amount: payout.amount,
        reference: payout.reference ?? '',
      }
    : undefined;
}

/** The statement lines a bank would show for the ledger's entries, with what only the bank knows. */
function statementLines(
  entries: BankLedgerEntry[],
  today: string,
  returned: { date: string; amount: number; reference: string } | undefined,
): StatementLine[] {
  const lines: StatementLine[] = entries.map((entry) => {
    // Some receipts clear a day or two later; some owners' remittances of the 25th reach the
    // statement a week later, so at a month's end they are unpresented payments.
    const late = entry.seq % LATE_EVERY === 0;
    const days = !late ? 0 : entry.kind === 'payout' ? 7 : entry.amount > 0 ? 1 + (entry.seq % 2) : 0;
    return {
      date: addDays(entry.date, days),
      amount: entry.amount,
      description: entry.description,
      reference: entry.reference ?? '',
      source: { entry },
    };
  });
  const first = entries[0]!.date.slice(0, 7);
  for (let month = first; month <= today.slice(0, 7); month = addMonths(`${month}-01`, 1).slice(0, 7)) {
    const end = lastDayOf(month);
    if (end < today) {
      lines.push({
        date: end,
        amount: -MONTHLY_FEE,
        description: 'Monthly account fee',
        reference: 'FEE',
        source: { extra: 'fee' },
      });
    }
  }
  const unidentified = addMonths(today, -UNIDENTIFIED_MONTHS_AGO).slice(0, 7);
  lines.push({
    date: `${unidentified}-17`,
    amount: 25000,
    description: 'EFT CREDIT T CHIKWANHA',
    reference: 'TC0417',
    source: { extra: 'unidentified' },
  });
  if (returned) {
    lines.push({
      date: returned.date,
      amount: returned.amount,
      description: `RETURNED PAYMENT ACCOUNT CLOSED ${returned.reference}`,
      reference: returned.reference,
      source: { extra: 'returned' },
    });
  }
  // This month: a credit with no reference for someone to place, left unmatched.
  const yesterday = addDays(today, -1);
  if (yesterday.slice(0, 7) === today.slice(0, 7)) {
    lines.push({
      date: yesterday,
      amount: 45000,
      description: 'EFT CREDIT MOYO J',
      reference: '',
      source: { extra: 'open' },
    });
  }
  // The bank's statement runs to yesterday; in a day's order, money in before money out.
  return lines
    .filter((line) => line.date < today)
    .map((line, index) => ({ line, index }))
    .sort((a, b) => a.line.date.localeCompare(b.line.date) || a.index - b.index)
    .map(({ line }) => line);
}

const CSV_MAPPING = {
  date: 'Date',
  description: 'Description',
  reference: 'Reference',
  debit: 'Debit',
  credit: 'Credit',
  balance: 'Balance',
  dateFormat: 'DD/MM/YYYY',
  decimalComma: false,
} as const;

const decimal = (amount: number) =>
  `${amount < 0 ? '-' : ''}${Math.floor(Math.abs(amount) / 100)}.${String(Math.abs(amount) % 100).padStart(2, '0')}`;

/** A statement in the bank's CSV layout, its balance carried on from `opening`. */
function csvOf(lines: StatementLine[], opening: number): string {
  const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
  let carried = opening;
  const rows = lines.map((line) => {
    carried += line.amount;
    const [year, month, day] = line.date.split('-');
    return [
      `${day}/${month}/${year}`,
      quote(line.description),
      quote(line.reference),
      line.amount < 0 ? decimal(-line.amount) : '',
      line.amount > 0 ? decimal(line.amount) : '',
      decimal(carried),
    ].join(',');
  });
  return ['Date,Description,Reference,Debit,Credit,Balance', ...rows].join('\n') + '\n';
}

/** The month's statement lines still unmatched after auto-matching. */
async function unmatchedLines(
  demo: DemoCompany,
  bankAccountId: string,
  month: string,
): Promise<BankLineView[]> {
  const found: BankLineView[] = [];
  for (let page = 1; ; page += 1) {
    const { items } = await listLines(accountantOf(demo), bankAccountId, {
      state: 'unmatched',
      from: `${month}-01`,
      to: lastDayOf(month),
      page,
      pageSize: 100,
    });
    found.push(...items);
    if (items.length < 100) return found;
  }
}
