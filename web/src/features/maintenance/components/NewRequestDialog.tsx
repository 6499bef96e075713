import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  ATTACHMENT_TYPES,
  COST_BEARERS,
  CostBearer,
  MAINTENANCE_PRIORITIES,
  MaintenanceInput,
  MaintenancePriority,
  MajorUnitsText,
  type MaintenanceDetail,
} from '@lintel/contracts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { optionItems } from '../../../components/option-items.tsx';
import { toApiError } from '../../../lib/http.ts';
import {
  type PickerOption,
  propertyOption,
  SearchPicker,
  usePropertyOptions,
} from '../../properties/index.ts';
import { attachmentProblem, useCreateRequest } from '../api.ts';
import { COST_BEARER_LABELS, PRIORITY_LABELS } from '../maintenance-labels.ts';

const FORM_FIELDS = new Set(['propertyId', 'title', 'description', 'estimatedCost']);

/** The contract's input as a form: the estimate typed as major-unit text, the rest checked by `MaintenanceInput`. */
const RequestForm = z
  .object({
    propertyId: z.string(),
    currency: z.string(),
    title: z.string(),
    description: z.string(),
    priority: MaintenancePriority,
    estimatedCost: MajorUnitsText,
    costBearer: CostBearer,
    assignedSupplier: z.string(),
  })
  .transform((values, ctx) => {
    const parsed = MaintenanceInput.safeParse({
      ...values,
      propertyId: values.propertyId || undefined,
      estimatedCost: values.estimatedCost > 0 ? values.estimatedCost : null,
      assignedSupplier: values.assignedSupplier.trim() || null,
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: [FORM_FIELDS.has(field) ? field : 'root'],
      });
    }
    return z.NEVER;
  });
type RequestValues = z.input<typeof RequestForm>;
type RequestOutput = z.output<typeof RequestForm>;
type PropertyOption = PickerOption & { currency: string };

export interface NewRequestDialogProps {
  open: boolean;
  onClose: () => void;
  onExited?: () => void;
  onCreated: (request: MaintenanceDetail) => void;
}

/** Raise a request, with photos or documents (checked here for size and type, and again by the server). */
export function NewRequestDialog({ open, onClose, onExited, onCreated }: NewRequestDialogProps) {
  const [property, setProperty] = useState<PropertyOption | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const create = useCreateRequest();
  const { control, handleSubmit, setValue, formState } = useForm<RequestValues, unknown, RequestOutput>({
    resolver: zodResolver(RequestForm),
    mode: 'onTouched',
    defaultValues: {
      propertyId: '',
      currency: 'USD',
      title: '',
      description: '',
      priority: 'medium',
      estimatedCost: '',
      costBearer: 'owner',
      assignedSupplier: '',
    },
  });

  const handleFiles = (chosen: FileList | null) => {
    const list = [...(chosen ?? [])];
    const problem = list.map(attachmentProblem).find(Boolean) ?? null;
    setFileError(problem);
    setFiles(problem ? [] : list);
  };

  const onSubmit = handleSubmit((body) =>
    create.mutate({ body, files }, { onSuccess: (created) => onCreated(created) }),
  );

  return (
    <ActionDialog
      open={open}
      title="New maintenance request"
      action={{ label: 'Raise request', pending: create.isPending }}
      busy={create.isPending}
      onClose={onClose}
      onExited={onExited}
      onSubmit={(event) => void onSubmit(event)}
      error={
        create.error
          ? toApiError(create.error, 'The request could not be raised.').message
          : (formState.errors.root?.message ?? null)
      }
      maxWidth="sm"
      dividers
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Controller
            control={control}
            name="propertyId"
            render={({ field, fieldState }) => (
              <SearchPicker
                label="Property"
                required
                value={property}
                onChange={(next) => {
                  setProperty(next);
                  field.onChange(next?._id ?? '');
                  if (next) setValue('currency', next.currency);
                }}
                onBlur={field.onBlur}
                error={fieldState.error ? 'Choose the property' : undefined}
                useOptions={usePropertyOptions}
                toOption={propertyOption}
                noOptions={{
                  searched: 'No properties match',
                  none: 'No properties you can raise requests on',
                }}
              />
            )}
          />
        </Box>
        <FormTextField control={control} name="title" label="Title" required sx={{ gridColumn: '1 / -1' }} />
        <FormTextField
          control={control}
          name="description"
          label="Description"
          required
          multiline
          minRows={3}
          sx={{ gridColumn: '1 / -1' }}
        />
        <FormTextField control={control} name="priority" label="Priority" select>
          {optionItems(MAINTENANCE_PRIORITIES, PRIORITY_LABELS)}
        </FormTextField>
        <FormTextField control={control} name="costBearer" label="Cost borne by" select>
          {optionItems(COST_BEARERS, COST_BEARER_LABELS)}
        </FormTextField>
        <FormTextField
          control={control}
          name="estimatedCost"
          label={`Estimated cost (${property?.currency ?? 'USD'})`}
          inputMode="decimal"
          placeholder="0.00"
        />
        <FormTextField control={control} name="assignedSupplier" label="Supplier (optional)" />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button variant="outlined" component="label">
            Add photos or documents
            <input
              hidden
              type="file"
              multiple
              accept={ATTACHMENT_TYPES.join(',')}
              aria-label="Photos or documents"
              onChange={(event) => handleFiles(event.target.files)}
            />
          </Button>
          <Typography variant="body2" color={fileError ? 'error' : 'text.secondary'} sx={{ mt: 1 }}>
            {fileError ??
              (files.length > 0
                ? files.map((file) => file.name).join(', ')
                : 'Images (JPEG, PNG, WebP, GIF) or PDF, up to 10 MB each.')}
          </Typography>
        </Box>
      </Box>
    </ActionDialog>
  );
}
