export {
  companyFields,
  EMPTY_NEW_COMPANY,
  NewCompanyInput,
  withoutBlankOptionals,
} from './company-fields.ts';
