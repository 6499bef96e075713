import type { z } from 'zod';
import { CompanyInput } from '@lintel/contracts';
import type { FieldSpec } from '../../components/FormFields.tsx';

/**
 * What a new agency says about itself, the fields `companyFields` lists: /admin-signup's company
 * part, and "Create an agency" for a signed-in user without a company.
 */
export const NewCompanyInput = CompanyInput.pick({
  name: true,
  address: true,
  phone: true,
  email: true,
  registrationNumber: true,
  tinNumber: true,
  vatNumber: true,
  website: true,
});
export type NewCompanyInput = z.infer<typeof NewCompanyInput>;

/** A new-company form's starting values: every field blank. */
export const EMPTY_NEW_COMPANY = {
  name: '',
  address: '',
  phone: '',
  email: '',
  registrationNumber: '',
  tinNumber: '',
  vatNumber: '',
  website: '',
};

/** Optional fields left blank are not sent. */
export const withoutBlankOptionals = (company: NewCompanyInput): NewCompanyInput => ({
  ...company,
  vatNumber: company.vatNumber || undefined,
  website: company.website || undefined,
});

/**
 * The agency's details, asked for when it signs up (its fields under `company.`) and on its profile.
 * On sign-up the person's own email sits above, so the company's contact fields say whose they are.
 */
export const companyFields = <P extends '' | 'company.'>(prefix: P, { isSignup = false } = {}) =>
  [
    { name: `${prefix}name`, label: 'Company name', autoComplete: 'organization', span: 12 },
    {
      name: `${prefix}address`,
      label: isSignup ? 'Company address' : 'Address',
      autoComplete: 'street-address',
      span: 12,
    },
    {
      name: `${prefix}phone`,
      label: isSignup ? 'Company phone' : 'Phone',
      type: 'tel',
      autoComplete: isSignup ? 'tel' : undefined,
    },
    { name: `${prefix}email`, label: isSignup ? 'Company email' : 'Email', type: 'email' },
    { name: `${prefix}registrationNumber`, label: 'Registration number' },
    { name: `${prefix}tinNumber`, label: 'TIN number' },
    { name: `${prefix}vatNumber`, label: 'VAT number', helperText: 'Optional' },
    {
      name: `${prefix}website`,
      label: 'Website',
      type: 'url',
      autoComplete: isSignup ? 'url' : undefined,
      helperText: 'Optional',
    },
  ] as const satisfies readonly FieldSpec[];
