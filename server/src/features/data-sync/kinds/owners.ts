import { OwnerInput } from '@lintel/contracts';
import { insertOwners, listAllOwners, lockCompanyOwners, type OwnerRow } from '../../owners/index.ts';
import { importer, type TemplateRow } from '../importer.ts';
import { checkPerson, PeopleIndex } from '../people.ts';
import { cellsOf, checkInput } from '../rows.ts';

const COLUMNS: Record<string, string> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  idNumber: 'id_number',
  'bankDetails.bankName': 'bank_name',
  'bankDetails.accountName': 'bank_account_name',
  'bankDetails.accountNumber': 'bank_account_number',
  'bankDetails.branch': 'bank_branch',
  'bankDetails.branchCode': 'bank_branch_code',
  notes: 'notes',
};
const BANK_COLUMNS = Object.entries(COLUMNS)
  .filter(([field]) => field.startsWith('bankDetails.'))
  .map(([, column]) => column);

export const ownersImporter = importer({
  async load(tx, ctx) {
    // The owners feature's duplicate check holds this lock too: no owner is added meanwhile.
    await lockCompanyOwners(tx, ctx);
    const company = new PeopleIndex<OwnerRow>();
    for (const owner of await listAllOwners(tx, ctx)) company.add(owner, owner);
    return { company, file: new PeopleIndex<number>() };
  },

  check(row, problems, known) {
    const cell = cellsOf(row, problems);
    const input = checkInput(
      OwnerInput,
      {
        name: cell.text('name'),
        email: cell.text('email'),
        phone: cell.text('phone'),
        idNumber: cell.text('id_number'),
        bankDetails: BANK_COLUMNS.some((column) => cell.text(column) !== '')
          ? {
              bankName: cell.text('bank_name'),
              accountName: cell.text('bank_account_name'),
              accountNumber: cell.text('bank_account_number'),
              branch: cell.text('bank_branch'),
              branchCode: cell.text('bank_branch_code'),
            }
          : null,
        notes: cell.text('notes'),
      },
      COLUMNS,
      row,
      problems,
    );
    if (!input) return undefined;
    const person = { name: input.name, email: input.email ?? null, idNumber: input.idNumber ?? null };
    const status = checkPerson(row, problems, person, {
      ...known,
      clash: 'Another owner already has this ID or registration number.',
    });
    return status === 'new' ? input : status;
  },

  async write(tx, ctx, owners) {
    await insertOwners(
      tx,
      owners.map((owner) => ({
        companyId: ctx.companyId,
        name: owner.name,
        email: owner.email ?? null,
        phone: owner.phone ?? null,
        idNumber: owner.idNumber ?? null,
        bankDetails: owner.bankDetails
          ? (Object.fromEntries(
              Object.entries(owner.bankDetails).filter(([, value]) => value !== null && value !== undefined),
            ) as Record<string, string>)
          : null,
        notes: owner.notes ?? null,
      })),
    );
  },

  async exportRows(tx, ctx) {
    return (await listAllOwners(tx, ctx)).map((owner): TemplateRow => ({
      name: owner.name,
      email: owner.email ?? '',
      phone: owner.phone ?? '',
      id_number: owner.idNumber ?? '',
      bank_name: owner.bankDetails?.bankName ?? '',
      bank_account_name: owner.bankDetails?.accountName ?? '',
      bank_account_number: owner.bankDetails?.accountNumber ?? '',
      bank_branch: owner.bankDetails?.branch ?? '',
      bank_branch_code: owner.bankDetails?.branchCode ?? '',
      notes: owner.notes ?? '',
    }));
  },
});
