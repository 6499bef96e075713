import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { BankDetails, OwnerInput, type Owner } from '@lintel/contracts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import {
  contactBody,
  contactFields,
  contactFormValues,
  notesField,
} from '../../../components/contact-fields.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { FormFieldList } from '../../../components/FormFields.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { useVersionedSave } from '../../../components/use-versioned-save.ts';
import { fetchOwner, useCreateOwner, useOwner, useUpdateOwner } from '../api.ts';

const BANK_FIELDS = ['bankName', 'accountName', 'accountNumber'] as const;

/**
 * The contract's input with the bank details flattened into fields: they are optional as a group,
 * but once one is filled in, the three that a payout needs are required.
 */
export const OwnerForm = OwnerInput.omit({ bankDetails: true })
  .extend({
    bankName: z.string().trim().max(200),
    accountName: z.string().trim().max(200),
    accountNumber: z.string().trim().max(100),
  })
  .superRefine((values, ctx) => {
    if (!BANK_FIELDS.some((field) => values[field])) return;
    const parsed = BankDetails.safeParse({
      bankName: values.bankName,
      accountName: values.accountName,
      accountNumber: values.accountNumber,
    });
    for (const issue of parsed.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });
type OwnerFormValues = z.input<typeof OwnerForm>;
type OwnerFormOutput = z.output<typeof OwnerForm>;

const formValuesOf = (owner: Owner | null): OwnerFormValues => ({
  ...contactFormValues(owner),
  bankName: owner?.bankDetails?.bankName ?? '',
  accountName: owner?.bankDetails?.accountName ?? '',
  accountNumber: owner?.bankDetails?.accountNumber ?? '',
});

const ownerContactFields = contactFields({ name: 'Name', idNumber: 'ID or registration number' });

export interface OwnerFormDialogProps {
  open: boolean;
  /** The owner record to edit; null adds a new one. */
  ownerId: string | null;
  /** The name to title the dialog with while the record loads. */
  ownerName?: string;
  onClose: () => void;
  onExited?: () => void;
}

/** Add or edit an owner record (admin, agent). Editing loads the whole record first. */
export function OwnerFormDialog({ open, ownerId, ownerName, onClose, onExited }: OwnerFormDialogProps) {
  const loaded = useOwner(ownerId);
  const title = ownerId ? `Edit ${ownerName ?? loaded.data?.name ?? 'owner'}` : 'Add owner';
  if (ownerId && !loaded.data) {
    return (
      <ActionDialog
        open={open}
        title={title}
        action={{ label: 'Save', disabled: true }}
        busy={false}
        onClose={onClose}
        onExited={onExited}
        error={loaded.error?.message}
      >
        {!loaded.error && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading owner" />
          </Box>
        )}
      </ActionDialog>
    );
  }
  return (
    <OwnerFormFields
      open={open}
      owner={loaded.data ?? null}
      title={title}
      onClose={onClose}
      onExited={onExited}
    />
  );
}

function OwnerFormFields({
  open,
  owner,
  title,
  onClose,
  onExited,
}: {
  open: boolean;
  owner: Owner | null;
  title: string;
  onClose: () => void;
  onExited?: (() => void) | undefined;
}) {
  const create = useCreateOwner();
  const update = useUpdateOwner();
  const {
    control,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<OwnerFormValues, unknown, OwnerFormOutput>({
    resolver: zodResolver(OwnerForm),
    mode: 'onTouched',
    defaultValues: formValuesOf(owner),
  });
  const versioned = useVersionedSave({
    record: owner,
    noun: 'owner',
    fetchRecord: fetchOwner,
    onReloaded: (fresh) => reset(formValuesOf(fresh)),
  });

  const handleSave = (values: OwnerFormOutput) =>
    versioned.save(async () => {
      const hasBank = BANK_FIELDS.some((field) => values[field]);
      const body = {
        ...contactBody(values),
        bankDetails: hasBank
          ? {
              bankName: values.bankName,
              accountName: values.accountName,
              accountNumber: values.accountNumber,
              branch: owner?.bankDetails?.branch ?? null,
              branchCode: owner?.bankDetails?.branchCode ?? null,
            }
          : null,
      };
      if (owner) await update.mutateAsync({ id: owner._id, body: { ...body, __v: versioned.version } });
      else await create.mutateAsync(body);
      onClose();
    });

  const full = { gridColumn: '1 / -1' };
  return (
    <FormDialog
      open={open}
      title={title}
      onClose={onClose}
      onExited={onExited}
      onSubmit={(event) => void handleSubmit(handleSave)(event)}
      isSubmitting={isSubmitting}
      busy={isSubmitting || versioned.reloading}
      {...versioned.formDialogProps}
    >
      <FormFieldList control={control} fields={ownerContactFields} />
      <Typography variant="subtitle2" component="h3" sx={{ ...full, mt: 1 }}>
        Payout bank details
      </Typography>
      <FormTextField control={control} name="bankName" label="Bank name" />
      <FormTextField control={control} name="accountName" label="Account name" />
      <FormTextField
        control={control}
        name="accountNumber"
        label="Account number"
        sx={full}
        slotProps={{ htmlInput: { autoComplete: 'off', inputMode: 'numeric' } }}
      />
      <FormTextField control={control} {...notesField} />
    </FormDialog>
  );
}
