import { formatMajorUnits, IMPORT_KINDS, type FinanceSettings, type ImportKind } from '@lintel/contracts';
import { fileNameOf, RECORDS_FOLDER } from './templates.ts';

const percent = (bp: number) => `${formatMajorUnits(bp).replace(/\.?0+$/, '')}%`;

/** What the export holds, how to import it, and what an import cannot re-create (and why). */
export function exportReadme(about: {
  companyName: string;
  date: string;
  counts: Record<ImportKind, number>;
  /** The files of the records folder (e.g. "payouts") and their row counts. */
  records: Record<string, number>;
  settings: FinanceSettings;
}): string {
  const { settings } = about;
  const files = IMPORT_KINDS.map(
    (kind, index) =>
      `  ${index + 1}. ${fileNameOf(kind)} (${about.counts[kind].toLocaleString('en-US')} rows)`,
  );
  return [
    `Lintel export of ${about.companyName}, ${about.date}`,
    '',
    'IMPORTING',
    'Each CSV is in the import template of its kind. Import them in this order (Data sync, Import),',
    'since each file refers to records of the files before it:',
    ...files,
    'Every import checks the whole file first (dry run) and then writes all of its rows or none.',
    'A row already in the company (same email or ID number, property name and address, lease',
    'property and start date, ...) is left as it is, so importing a file twice adds nothing.',
    '',
    'BEFORE IMPORTING',
    '- Agents are users and are not in these files. Invite each agent named in properties.csv',
    '  (agent_email) first. An email belongs to one user on a Lintel server: to import into another',
    '  company on the same server, invite the agents with other emails and change agent_email.',
    '- Payments are split (commission, agent share, VAT, owner) with the finance settings in force',
    '  when they are imported. Set them as they were here to get the same figures:',
    `  currencies ${settings.currencies.join(', ')} (default ${settings.defaultCurrency}),` +
      ` commission ${percent(settings.commissionRateBp)}, agent share ${percent(settings.agentShareBp)},`,
    `  VAT ${settings.vatRegistered ? percent(settings.vatRateBp) : 'not registered'},` +
      ` rent due on day ${settings.rentDueDay}.`,
    '',
    'WHAT THE FILES HOLD, AND WHAT THEY DO NOT',
    '- payments.csv holds completed payments only. A reversed payment and its reversal net to',
    '  nothing, so both are left out. Receipt numbers are not carried: the importing company',
    '  numbers its receipts anew.',
    '- opening-balances.csv holds the opening balances this company recorded through imports.',
    '  Money paid out since (owner and agent payouts, expenses, deposit refunds) is not in any file:',
    '  it is neither a payment received nor an opening balance, and recording it as one would',
    '  misstate the books. After an import, each property account holds its opening balances plus',
    "  the owner's share of its payments. The payouts and expenses are listed in the records folder",
    '  (below): record them again in the new company if they are needed there.',
    '- Rent charges and arrears are not in the files: Lintel works them out again from the leases',
    '  and the rent payments.',
    '- Owners and tenants are referred to by email, else ID number, else name (only for people',
    '  with neither). Not carried: users and their sign-ins, archived tenants (imported as active),',
    '  lease renewal links and termination reasons, documents and attachments, the audit log.',
    '',
    `FOR YOUR RECORDS, NOT IMPORTED (folder ${RECORDS_FOLDER})`,
    'The rest of what the company holds, to read in a spreadsheet. No import re-creates these:',
    ...Object.entries(about.records).map(
      ([name, count]) => `  ${name}.csv (${count.toLocaleString('en-US')} rows)`,
    ),
    '',
  ].join('\r\n');
}
