import type { FieldSpec } from './FormFields.tsx';

/** The contact details an owner record and a tenant both keep (PRODUCT.md "Owner", "Tenant"). */
export interface ContactDetails {
  name: string;
  email: string | null;
  phone: string | null;
  idNumber: string | null;
  notes: string | null;
}

/** The contact details as a form holds them: text, blank where the record has none. */
export const contactFormValues = (record: ContactDetails | null) => ({
  name: record?.name ?? '',
  email: record?.email ?? '',
  phone: record?.phone ?? '',
  idNumber: record?.idNumber ?? '',
  notes: record?.notes ?? '',
});

/** What the contract's input schema made of the form, to send: a blank optional field is null. */
export const contactBody = (values: {
  name: string;
  email?: string | null;
  phone?: string | null;
  idNumber?: string | null;
  notes?: string | null;
}): ContactDetails => ({
  name: values.name,
  email: values.email ?? null,
  phone: values.phone ?? null,
  idNumber: values.idNumber ?? null,
  notes: values.notes ?? null,
});

/** A field across both columns of a `FormDialog`'s grid. */
const fullRow = { gridColumn: '1 / -1' };

/** Name, email, phone and ID number for a `FormDialog` (`FormFieldList`); the labels say whose. */
export const contactFields = (labels: {
  name: string;
  idNumber: string;
}): readonly FieldSpec<'name' | 'email' | 'phone' | 'idNumber'>[] => [
  { name: 'name', label: labels.name, required: true, autoFocus: true, sx: fullRow },
  { name: 'email', label: 'Email', type: 'email', slotProps: { htmlInput: { autoComplete: 'off' } } },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'idNumber', label: labels.idNumber, sx: fullRow },
];

/** The record's free-text notes, last in the dialog. */
export const notesField: FieldSpec<'notes'> = {
  name: 'notes',
  label: 'Notes',
  multiline: true,
  minRows: 3,
  sx: fullRow,
};
