import type { ImportKind } from '@lintel/contracts';

export interface TemplateColumn {
  name: string;
  /** A file without this column cannot be read (its rows would all fail). */
  required?: true;
}

const column = (name: string, required?: 'required'): TemplateColumn =>
  required ? { name, required: true } : { name };

/**
 * The columns of each import kind, in order: the downloadable template, what the parser accepts
 * and what the export writes. Amounts are decimal major units beside a currency code, rates are
 * percentages ("12.5"), dates YYYY-MM-DD. A person is referred to by email, else ID number, else
 * (when they have neither) name.
 */
export const TEMPLATES: Record<ImportKind, readonly TemplateColumn[]> = {
  owners: [
    column('name', 'required'),
    column('email'),
    column('phone'),
    column('id_number'),
    column('bank_name'),
    column('bank_account_name'),
    column('bank_account_number'),
    column('bank_branch'),
    column('bank_branch_code'),
    column('notes'),
  ],
  tenants: [
    column('name', 'required'),
    column('email'),
    column('phone'),
    column('id_number'),
    column('notes'),
  ],
  properties: [
    column('name', 'required'),
    column('address', 'required'),
    column('type', 'required'),
    column('status'),
    column('owner_email'),
    column('owner_id_number'),
    column('owner_name'),
    column('agent_email'),
    column('rent'),
    column('levy'),
    column('currency'),
    column('commission_rate'),
    column('bedrooms'),
    column('bathrooms'),
    column('area'),
    column('description'),
  ],
  leases: [
    column('property_name', 'required'),
    column('property_address', 'required'),
    column('tenant_email'),
    column('tenant_id_number'),
    column('tenant_name'),
    column('start_date', 'required'),
    column('end_date', 'required'),
    column('rent', 'required'),
    column('currency'),
    column('rent_due_day'),
    column('deposit'),
    column('status', 'required'),
    column('terms'),
  ],
  payments: [
    column('property_name', 'required'),
    column('property_address', 'required'),
    column('lease_start_date'),
    column('type', 'required'),
    column('amount', 'required'),
    column('currency', 'required'),
    column('method', 'required'),
    column('payment_date', 'required'),
    column('reference'),
    column('payer'),
    column('notes'),
  ],
  'opening-balances': [
    column('property_name', 'required'),
    column('property_address', 'required'),
    column('amount', 'required'),
    column('currency', 'required'),
    column('date', 'required'),
    column('description'),
  ],
};

export const columnNames = (kind: ImportKind) => TEMPLATES[kind].map((each) => each.name);

/** The CSV file of each kind inside an export. */
export const fileNameOf = (kind: ImportKind) => `${kind}.csv`;

/** The export's folder of the records no import re-creates (payouts, expenses, ...). */
export const RECORDS_FOLDER = 'for-your-records';
