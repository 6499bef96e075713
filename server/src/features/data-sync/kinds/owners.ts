import { OwnerInput } from '@lintel/contracts';
import { importOwners, ownersForSync, lockCompanyOwners } from '../../owners/index.ts';
import { importer, type TemplateRow } from '../importer.ts';
import { checkPerson, knownPeople, PERSON_COLUMNS, personCells, personCsv, personValues } from '../people.ts';
import { cellsOf, checkInput } from '../rows.ts';

const COLUMNS: Record<string, string> = {
  ...PERSON_COLUMNS,
  'bankDetails.bankName': 'bank_name',
  'bankDetails.accountName': 'bank_account_name',
  'bankDetails.accountNumber': 'bank_account_number',
  'bankDetails.branch': 'bank_branch',
  'bankDetails.branchCode': 'bank_branch_code',
};
const BANK_COLUMNS = Object.entries(COLUMNS)
  .filter(([field]) => field.startsWith('bankDetails.'))
  .map(([, column]) => column);

export const ownersImporter = importer({
  async load(tx, ctx) {
    // The owners feature's duplicate check holds this lock too: no owner is added meanwhile.
    await lockCompanyOwners(tx, ctx);
    return knownPeople(await ownersForSync(tx, ctx));
  },

  check(row, problems, known) {
    const cell = cellsOf(row, problems);
    const input = checkInput(
      OwnerInput,
      {
        ...personCells(cell),
        bankDetails: BANK_COLUMNS.some((column) => cell.text(column) !== '')
          ? {
              bankName: cell.text('bank_name'),
              accountName: cell.text('bank_account_name'),
              accountNumber: cell.text('bank_account_number'),
              branch: cell.text('bank_branch'),
              branchCode: cell.text('bank_branch_code'),
            }
          : null,
      },
      COLUMNS,
      row,
      problems,
    );
    return (
      input &&
      checkPerson(row, problems, input, {
        ...known,
        clash: 'Another owner already has this ID or registration number.',
      })
    );
  },

  async write(tx, ctx, owners) {
    await importOwners(
      tx,
      owners.map((owner) => ({
        companyId: ctx.companyId,
        ...personValues(owner),
        bankDetails: owner.bankDetails
          ? (Object.fromEntries(
              Object.entries(owner.bankDetails).filter(([, value]) => value !== null && value !== undefined),
            ) as Record<string, string>)
          : null,
      })),
    );
  },

  async exportRows(tx, ctx) {
    return (await ownersForSync(tx, ctx)).map((owner): TemplateRow => ({
      ...personCsv(owner),
      bank_name: owner.bankDetails?.bankName ?? '',
      bank_account_name: owner.bankDetails?.accountName ?? '',
      bank_account_number: owner.bankDetails?.accountNumber ?? '',
      bank_branch: owner.bankDetails?.branch ?? '',
      bank_branch_code: owner.bankDetails?.branchCode ?? '',
    }));
  },
});
