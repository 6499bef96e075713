import { useState, type ComponentType } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import {
  formatBasisPoints,
  formatMajorUnits,
  MajorUnitsText,
  parsePercent,
  type Property,
  PROPERTY_FIELDS_REQUIRED,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  PropertyInput,
  type PropertyUpdateInput,
} from '@lintel/contracts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { fieldMessage } from '../../../components/form-field-binding.ts';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { optionItems } from '../../../components/option-items.tsx';
import { useVersionedSave } from '../../../components/use-versioned-save.ts';
import { useAuth } from '../../../session/index.ts';
import { fetchProperty, useCreateProperty, useUpdateProperty } from '../api.ts';
import { STATUS_LABELS, TYPE_LABELS } from '../property-labels.ts';
import { AgentAutocomplete } from './AgentAutocomplete.tsx';
import { OwnerAutocomplete } from './OwnerAutocomplete.tsx';
import type { PickerOption, SearchAutocompleteProps } from './SearchAutocomplete.tsx';

const DEFAULT_CURRENCY = 'USD';

/** The contract's input, with the rent typed as major-unit text (parsed to integer cents). */
const PropertyForm = PropertyInput.pick({
  name: true,
  address: true,
  type: true,
  status: true,
  currency: true,
  bedrooms: true,
  bathrooms: true,
  description: true,
  ownerId: true,
  agentId: true,
}).extend({
  rent: MajorUnitsText,
  /** The property's own commission rate as a percentage; empty uses the company's. */
  commission: z.string().transform((text, ctx) => {
    if (text.trim() === '') return null;
    const parsed = parsePercent(text);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return parsed.bp;
  }),
});
type PropertyFormValues = z.input<typeof PropertyForm>;
type PropertyFormOutput = z.output<typeof PropertyForm>;

const formValuesOf = (property: Property | null): PropertyFormValues =>
  property
    ? {
        name: property.name,
        address: property.address,
        type: property.type,
        status: property.status,
        currency: property.currency,
        bedrooms: property.bedrooms,
        bathrooms: property.bathrooms,
        description: property.description ?? '',
        ownerId: property.ownerId,
        agentId: property.agentId,
        rent: formatMajorUnits(property.rentAmount),
        commission: property.commissionRate === null ? '' : formatBasisPoints(property.commissionRate),
      }
    : {
        name: '',
        address: '',
        type: undefined as unknown as PropertyFormValues['type'],
        currency: DEFAULT_CURRENCY,
        bedrooms: null,
        bathrooms: null,
        description: '',
        ownerId: null,
        agentId: null,
        rent: '',
        commission: '',
      };

const ownerOptionOf = (property: Property | null): PickerOption | null =>
  property?.ownerId ? { _id: property.ownerId, label: property.ownerName ?? 'Current owner' } : null;
const agentOptionOf = (property: Property | null): PickerOption | null =>
  property?.agentId ? { _id: property.agentId, label: property.agentName ?? 'Current agent' } : null;

/** SPEC's one sentence for the three required fields; under a single field, name just that one. */
const messageOf = (label: string, message: string | undefined) =>
  message === PROPERTY_FIELDS_REQUIRED ? `${label} is required` : fieldMessage(label, message);

const COUNT_FIELDS = [
  { name: 'bedrooms', label: 'Bedrooms' },
  { name: 'bathrooms', label: 'Bathrooms' },
] as const;

export interface PropertyFormDialogProps {
  open: boolean;
  /** The property to edit; null adds a new one. */
  property: Property | null;
  onClose: () => void;
  /** After the closing animation, so the parent can forget the dialog. */
  onExited?: () => void;
}

/** Add or edit a property. Admins pick owner and agent; an agent picks the owner (they manage what they add). */
export function PropertyFormDialog({ open, property, onClose, onExited }: PropertyFormDialogProps) {
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const canPickOwner = isAdmin || user?.role === 'agent';
  const isEdit = property !== null;

  const [ownerOption, setOwnerOption] = useState(() => ownerOptionOf(property));
  const [agentOption, setAgentOption] = useState(() => agentOptionOf(property));

  const create = useCreateProperty();
  const update = useUpdateProperty();
  const {
    control,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<PropertyFormValues, unknown, PropertyFormOutput>({
    resolver: zodResolver(PropertyForm),
    mode: 'onTouched',
    defaultValues: formValuesOf(property),
  });
  const versioned = useVersionedSave({
    record: property,
    noun: 'property',
    fetchRecord: fetchProperty,
    onReloaded: (fresh) => {
      reset(formValuesOf(fresh));
      setOwnerOption(ownerOptionOf(fresh));
      setAgentOption(agentOptionOf(fresh));
    },
  });
  const busy = isSubmitting || versioned.reloading;
  const currency = useWatch({ control, name: 'currency' });
  const bound = { control, formatError: messageOf };

  const handleSave = (values: PropertyFormOutput) =>
    versioned.save(async () => {
      const fields = {
        name: values.name,
        address: values.address,
        type: values.type,
        currency: values.currency ?? DEFAULT_CURRENCY,
        rentAmount: values.rent,
        bedrooms: values.bedrooms ?? null,
        bathrooms: values.bathrooms ?? null,
        description: values.description ? values.description : null,
        ...(canPickOwner ? { ownerId: values.ownerId ?? null } : {}),
        // The server refuses an agent who names any agent but themselves, or sets a commission
        // rate (they earn a share of it); only admins send these.
        ...(isAdmin ? { agentId: values.agentId ?? null, commissionRate: values.commission } : {}),
      };
      if (property) {
        const body: PropertyUpdateInput = { ...fields, status: values.status, __v: versioned.version };
        await update.mutateAsync({ id: property._id, body });
      } else {
        await create.mutateAsync(fields);
      }
      onClose();
    });

  const full = { gridColumn: '1 / -1' };

  return (
    <FormDialog
      open={open}
      title={isEdit ? `Edit ${property.name}` : 'Add property'}
      onClose={onClose}
      onExited={onExited}
      onSubmit={(event) => void handleSubmit(handleSave)(event)}
      isSubmitting={isSubmitting}
      busy={busy}
      {...versioned.formDialogProps}
    >
      <FormTextField {...bound} name="name" label="Name" required autoFocus sx={full} />
      <FormTextField {...bound} name="address" label="Address" required sx={full} />
      <FormTextField {...bound} name="type" label="Type" select required sx={isEdit ? undefined : full}>
        {optionItems(PROPERTY_TYPES, TYPE_LABELS)}
      </FormTextField>
      {isEdit && (
        <FormTextField {...bound} name="status" label="Status" select>
          {optionItems(PROPERTY_STATUSES, STATUS_LABELS)}
        </FormTextField>
      )}
      <FormTextField
        {...bound}
        name="rent"
        label="Monthly rent"
        placeholder="1250.50"
        helperText="In major units, e.g. 1250.50"
        slotProps={{
          htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
          input: currency ? { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> } : {},
        }}
      />
      <FormTextField
        {...bound}
        name="currency"
        label="Currency"
        toValue={(text) => text.toUpperCase()}
        slotProps={{ htmlInput: { maxLength: 3, autoComplete: 'off', spellCheck: false } }}
      />
      {COUNT_FIELDS.map(({ name, label }) => (
        <FormTextField
          {...bound}
          key={name}
          name={name}
          label={label}
          type="number"
          toValue={(text) => (text === '' ? null : Number(text))}
          slotProps={{ htmlInput: { min: 0, max: 1000, step: 1, inputMode: 'numeric' } }}
        />
      ))}
      {canPickOwner && (
        <Box sx={isAdmin ? undefined : full}>
          <PickerField
            control={control}
            name="ownerId"
            label="Owner"
            Picker={OwnerAutocomplete}
            option={ownerOption}
            onOptionChange={setOwnerOption}
          />
        </Box>
      )}
      {isAdmin && (
        <PickerField
          control={control}
          name="agentId"
          label="Agent"
          Picker={AgentAutocomplete}
          option={agentOption}
          onOptionChange={setAgentOption}
        />
      )}
      {isAdmin && (
        <FormTextField
          {...bound}
          name="commission"
          label="Commission rate (%)"
          placeholder="Company default"
          helperText="Leave empty to use the company's rate"
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
        />
      )}
      <FormTextField {...bound} name="description" label="Description" multiline minRows={3} sx={full} />
    </FormDialog>
  );
}

/** An owner or agent picker bound to its id field; `option` keeps the chosen name to show. */
function PickerField({
  control,
  name,
  label,
  Picker,
  option,
  onOptionChange,
}: {
  control: Control<PropertyFormValues, unknown, PropertyFormOutput>;
  name: 'ownerId' | 'agentId';
  label: string;
  Picker: ComponentType<Omit<SearchAutocompleteProps, 'options' | 'loading' | 'onSearchChange'>>;
  option: PickerOption | null;
  onOptionChange: (option: PickerOption | null) => void;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Picker
          label={label}
          value={option}
          onChange={(next) => {
            onOptionChange(next);
            field.onChange(next?._id ?? null);
          }}
          onBlur={field.onBlur}
          error={messageOf(label, fieldState.error?.message)}
        />
      )}
    />
  );
}
