import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { CompanyUpdateInput, type Company } from '@lintel/contracts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FormFieldGrid, type FieldSpec } from '../../../components/FormFields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { useFormFailure } from '../../../components/use-form-failure.ts';
import { ApiError } from '../../../lib/http.ts';
import { useUpdateCompany } from '../api.ts';
import { companyFields } from '../company-fields.ts';
import { useCompany } from '../../../session/index.ts';
import { showSuccess } from '../../../components/SnackbarHost.tsx';

const STALE_MESSAGE =
  'Someone else changed the company profile while you were editing. Reload to see their changes, then make yours again.';

// What the inputs hold: text everywhere, blank for "none".
const EMPTY_ACCOUNT = {
  bankName: '',
  accountName: '',
  accountNumber: '',
  branch: '',
  branchCode: '',
  swiftCode: '',
  currency: '',
};
type BankAccountValues = typeof EMPTY_ACCOUNT;

interface CompanyValues {
  name: string;
  address: string;
  phone: string;
  email: string;
  registrationNumber: string;
  tinNumber: string;
  vatNumber: string;
  website: string;
  description: string;
  bankAccounts: BankAccountValues[];
  /** The version this edit started from (SPEC: updates carry `__v`). */
  __v: number;
}

const toValues = (company: Company): CompanyValues => ({
  name: company.name,
  address: company.address,
  phone: company.phone,
  email: company.email,
  registrationNumber: company.registrationNumber,
  tinNumber: company.tinNumber,
  vatNumber: company.vatNumber ?? '',
  website: company.website ?? '',
  description: company.description ?? '',
  bankAccounts: company.bankAccounts.map((account) => ({
    bankName: account.bankName,
    accountName: account.accountName,
    accountNumber: account.accountNumber,
    branch: account.branch ?? '',
    branchCode: account.branchCode ?? '',
    swiftCode: account.swiftCode ?? '',
    currency: account.currency ?? '',
  })),
  __v: company.__v,
});

const orNull = (value: string) => (value.trim() ? value : null);
const orUndefined = (value: string) => (value.trim() ? value : undefined);

/** The inputs become the update body, then the contract validates it: blank optional text means "none". */
const CompanyForm = z.preprocess(
  (values: CompanyValues) => ({
    ...values,
    vatNumber: orNull(values.vatNumber),
    website: orNull(values.website),
    description: orNull(values.description),
    bankAccounts: values.bankAccounts.map((account) => ({
      ...account,
      branch: orUndefined(account.branch),
      branchCode: orUndefined(account.branchCode),
      swiftCode: orUndefined(account.swiftCode),
      currency: orUndefined(account.currency.trim().toUpperCase()),
    })),
  }),
  CompanyUpdateInput,
);

const DETAIL_FIELDS = [
  ...companyFields(''),
  {
    name: 'description',
    label: 'Description',
    multiline: true,
    minRows: 3,
    helperText: 'Optional. A line or two about the agency.',
    span: 12,
  },
] as const;

const BANK_ACCOUNT_FIELDS = [
  { name: 'bankName', label: 'Bank name' },
  { name: 'accountName', label: 'Account name' },
  { name: 'accountNumber', label: 'Account number' },
  { name: 'branch', label: 'Branch', helperText: 'Optional' },
  { name: 'branchCode', label: 'Branch code', helperText: 'Optional', span: 4 },
  { name: 'swiftCode', label: 'SWIFT code', helperText: 'Optional', span: 4 },
  {
    name: 'currency',
    label: 'Currency',
    helperText: 'Optional, e.g. USD',
    span: 4,
    slotProps: { htmlInput: { maxLength: 3, autoCapitalize: 'characters' } },
  },
] as const satisfies readonly FieldSpec<keyof BankAccountValues>[];

const isStale = (error: unknown) =>
  error instanceof ApiError && (error.code === 'STALE_VERSION' || error.status === 409);

export function CompanyProfilePage() {
  const companyState = useCompany();
  const { company, loading, error } = companyState;
  if (company) return <CompanyProfileForm company={company} />;
  if (loading || !error) return <PageSpinner label="Loading company profile…" />;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void companyState.refresh()}>
          Try again
        </Button>
      }
    >
      {error}
    </Alert>
  );
}

function CompanyProfileForm({ company }: { company: Company }) {
  const companyState = useCompany();
  const updateCompany = useUpdateCompany();
  const [isConflict, setIsConflict] = useState(false);
  const reloadRequested = useRef(false);
  const { control, handleSubmit, reset, watch, formState } = useForm({
    resolver: zodResolver(CompanyForm),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: toValues(company),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'bankAccounts' });
  const [failure, setFailure] = useFormFailure(watch);
  const { isDirty, isSubmitting, errors } = formState;

  // The provider re-reads the company every 5 minutes: an untouched form follows it; one being edited
  // keeps the user's changes (and its older __v, so a conflicting save is refused, not lost).
  useEffect(() => {
    if (reloadRequested.current || !isDirty) {
      reloadRequested.current = false;
      reset(toValues(company));
    }
  }, [company, isDirty, reset]);

  const handleSave = handleSubmit(async (body) => {
    setFailure(null);
    setIsConflict(false);
    try {
      const saved = await updateCompany.mutateAsync({ id: company._id, body });
      companyState.setCompany(saved);
      reset(toValues(saved));
      showSuccess('Company profile saved');
    } catch (failed) {
      if (isStale(failed)) setIsConflict(true);
      else setFailure(failed instanceof Error ? failed.message : 'The company profile could not be saved.');
    }
  });

  const handleReload = async () => {
    reloadRequested.current = true;
    setIsConflict(false);
    await companyState.refresh();
  };

  const arrayError = errors.bankAccounts?.message ?? errors.bankAccounts?.root?.message;

  return (
    <>
      <PageHeader
        title="Company profile"
        subtitle="Your agency’s details as they appear on statements and invoices, and the bank accounts rent is paid into."
      />
      <Box component="form" noValidate onSubmit={(event) => void handleSave(event)} sx={{ maxWidth: 960 }}>
        <Paper component="section" aria-label="Company details" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
          <SectionTitle>Details</SectionTitle>
          <FormFieldGrid control={control} fields={DETAIL_FIELDS} />
        </Paper>
        <Paper component="section" aria-label="Bank accounts" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
          <SectionTitle>Bank accounts</SectionTitle>
          {fields.length === 0 && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              No bank accounts yet. Add the accounts tenants pay rent into.
            </Typography>
          )}
          {fields.map((field, index) => (
            <BankAccountFields
              key={field.id}
              control={control}
              index={index}
              onRemove={() => remove(index)}
            />
          ))}
          <ErrorAlert message={arrayError} sx={{ mb: 2 }} />
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => append({ ...EMPTY_ACCOUNT })}>
            Add bank account
          </Button>
        </Paper>
        {/* Kept in view while scrolling the long form, with what became of the last save. */}
        <Box
          sx={{
            position: 'sticky',
            bottom: 0,
            zIndex: 1,
            py: 1.5,
            bgcolor: 'background.default',
            borderTop: '1px solid #e3e7ec',
          }}
        >
          {isConflict && (
            <Alert
              severity="warning"
              role="alert"
              sx={{ mb: 1.5 }}
              action={
                <Button color="inherit" size="small" onClick={() => void handleReload()}>
                  Reload
                </Button>
              }
            >
              {STALE_MESSAGE}
            </Alert>
          )}
          <ErrorAlert message={failure} sx={{ mb: 1.5 }} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
            <Button disabled={!isDirty || isSubmitting} onClick={() => reset(toValues(company))}>
              Discard changes
            </Button>
            <SubmitButton pending={isSubmitting} disabled={!isDirty}>
              Save changes
            </SubmitButton>
          </Box>
        </Box>
      </Box>
    </>
  );
}

function BankAccountFields({
  control,
  index,
  onRemove,
}: {
  control: Control<CompanyValues, unknown, CompanyUpdateInput>;
  index: number;
  onRemove: () => void;
}) {
  return (
    <Box
      component="fieldset"
      sx={{
        border: '1px solid #e3e7ec',
        borderRadius: 2,
        p: { xs: 1.5, sm: 2 },
        pt: 1,
        mx: 0,
        mb: 2,
        minWidth: 0,
      }}
    >
      <Box component="legend" sx={{ px: 1, fontWeight: 600 }}>
        Bank account {index + 1}
      </Box>
      <FormFieldGrid
        control={control}
        fields={BANK_ACCOUNT_FIELDS.map((field) => ({
          ...field,
          name: `bankAccounts.${index}.${field.name}` as const,
        }))}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button color="error" startIcon={<DeleteIcon />} onClick={onRemove}>
          Remove
        </Button>
      </Box>
    </Box>
  );
}
