import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  PROPERTY_FIELDS_REQUIRED,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  PropertyInput,
  type Property,
  type PropertyUpdateInput,
} from '@lintel/contracts';
import { toApiError, type ApiError } from '../../../lib/http.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { fetchProperty, useCreateProperty, useUpdateProperty } from '../api.ts';
import { formatMajorUnits, MoneyText } from '../money-input.ts';
import { STATUS_LABELS, TYPE_LABELS } from '../property-labels.ts';
import { AgentAutocomplete } from './AgentAutocomplete.tsx';
import { OwnerAutocomplete } from './OwnerAutocomplete.tsx';
import type { PickerOption } from './SearchAutocomplete.tsx';

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
}).extend({ rent: MoneyText });
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
      };

const ownerOptionOf = (property: Property | null): PickerOption | null =>
  property?.ownerId ? { _id: property.ownerId, label: property.ownerName ?? 'Current owner' } : null;
const agentOptionOf = (property: Property | null): PickerOption | null =>
  property?.agentId ? { _id: property.agentId, label: property.agentName ?? 'Current agent' } : null;

/** Contract messages follow a field label ("must be at most 1000"); SPEC's shared text names one field here. */
function messageOf(label: string, error: FieldError | undefined): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  if (message === PROPERTY_FIELDS_REQUIRED) return `${label} is required`;
  return /^[a-z]/.test(message) ? `${label} ${message}` : message;
}

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
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));

  const [version, setVersion] = useState(property?.__v);
  const [ownerOption, setOwnerOption] = useState(() => ownerOptionOf(property));
  const [agentOption, setAgentOption] = useState(() => agentOptionOf(property));
  const [serverError, setServerError] = useState<ApiError | null>(null);
  const [reloading, setReloading] = useState(false);

  const create = useCreateProperty();
  const update = useUpdateProperty();
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PropertyFormValues, unknown, PropertyFormOutput>({
    resolver: zodResolver(PropertyForm),
    mode: 'onTouched',
    defaultValues: formValuesOf(property),
  });
  const busy = isSubmitting || reloading;
  const currency = useWatch({ control, name: 'currency' });

  const handleClose = () => {
    if (!busy) onClose();
  };

  const handleSave = async (values: PropertyFormOutput) => {
    setServerError(null);
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
      // The server refuses an agent who names any agent but themselves; only admins send it.
      ...(isAdmin ? { agentId: values.agentId ?? null } : {}),
    };
    try {
      if (property) {
        const body: PropertyUpdateInput = { ...fields, status: values.status, __v: version };
        await update.mutateAsync({ id: property._id, body });
      } else {
        await create.mutateAsync(fields);
      }
      onClose();
    } catch (error) {
      setServerError(toApiError(error, 'The property could not be saved. Please try again.'));
    }
  };

  /** After a 409: load what the server has now, so the person can redo their change on top of it. */
  const handleReload = async () => {
    if (!property) return;
    setReloading(true);
    try {
      const fresh = await fetchProperty(property._id);
      reset(formValuesOf(fresh));
      setVersion(fresh.__v);
      setOwnerOption(ownerOptionOf(fresh));
      setAgentOption(agentOptionOf(fresh));
      setServerError(null);
    } catch (error) {
      setServerError(toApiError(error, 'The property could not be reloaded.'));
    } finally {
      setReloading(false);
    }
  };

  const isStale = serverError?.status === 409;
  const full = { gridColumn: '1 / -1' };

  return (
    <Dialog
      open={open}
      onClose={handleClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited } }}
    >
      {/* Validation is the contract's (as you type), not the browser's bubbles: noValidate. */}
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void handleSubmit(handleSave)(event)}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogTitle id={titleId}>{isEdit ? `Edit ${property.name}` : 'Add property'}</DialogTitle>
        <DialogContent dividers>
          {serverError && (
            <Alert
              severity="error"
              sx={{ mb: 2 }}
              action={
                isStale ? (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => void handleReload()}
                    disabled={reloading}
                  >
                    Reload
                  </Button>
                ) : undefined
              }
            >
              {serverError.message}
              {isStale && ' Reloading discards the changes made here.'}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
            <Controller
              name="name"
              control={control}
              render={({ field: { ref, ...field } }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  label="Name"
                  required
                  autoFocus
                  error={Boolean(errors.name)}
                  helperText={messageOf('Name', errors.name)}
                  sx={full}
                />
              )}
            />
            <Controller
              name="address"
              control={control}
              render={({ field: { ref, ...field } }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  label="Address"
                  required
                  error={Boolean(errors.address)}
                  helperText={messageOf('Address', errors.address)}
                  sx={full}
                />
              )}
            />
            <Controller
              name="type"
              control={control}
              render={({ field: { ref, value, ...field } }) => (
                <TextField
                  {...field}
                  value={value ?? ''}
                  inputRef={ref}
                  select
                  label="Type"
                  required
                  sx={isEdit ? undefined : full}
                  error={Boolean(errors.type)}
                  helperText={messageOf('Type', errors.type)}
                >
                  {PROPERTY_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {TYPE_LABELS[type]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {isEdit && (
              <Controller
                name="status"
                control={control}
                render={({ field: { ref, value, ...field } }) => (
                  <TextField
                    {...field}
                    value={value ?? ''}
                    inputRef={ref}
                    select
                    label="Status"
                    error={Boolean(errors.status)}
                    helperText={messageOf('Status', errors.status)}
                  >
                    {PROPERTY_STATUSES.map((status) => (
                      <MenuItem key={status} value={status}>
                        {STATUS_LABELS[status]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
            <Controller
              name="rent"
              control={control}
              render={({ field: { ref, ...field } }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  label="Monthly rent"
                  placeholder="1250.50"
                  error={Boolean(errors.rent)}
                  helperText={messageOf('Monthly rent', errors.rent) ?? 'In major units, e.g. 1250.50'}
                  slotProps={{
                    htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                    input: currency
                      ? { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> }
                      : {},
                  }}
                />
              )}
            />
            <Controller
              name="currency"
              control={control}
              render={({ field: { ref, value, onChange, ...field } }) => (
                <TextField
                  {...field}
                  value={value ?? ''}
                  onChange={(event) => onChange(event.target.value.toUpperCase())}
                  inputRef={ref}
                  label="Currency"
                  error={Boolean(errors.currency)}
                  helperText={messageOf('Currency', errors.currency)}
                  slotProps={{ htmlInput: { maxLength: 3, autoComplete: 'off', spellCheck: false } }}
                />
              )}
            />
            {(['bedrooms', 'bathrooms'] as const).map((name) => {
              const label = name === 'bedrooms' ? 'Bedrooms' : 'Bathrooms';
              return (
                <Controller
                  key={name}
                  name={name}
                  control={control}
                  render={({ field: { ref, value, onChange, ...field } }) => (
                    <TextField
                      {...field}
                      value={value ?? ''}
                      onChange={(event) =>
                        onChange(event.target.value === '' ? null : Number(event.target.value))
                      }
                      inputRef={ref}
                      type="number"
                      label={label}
                      error={Boolean(errors[name])}
                      helperText={messageOf(label, errors[name])}
                      slotProps={{ htmlInput: { min: 0, max: 1000, step: 1, inputMode: 'numeric' } }}
                    />
                  )}
                />
              );
            })}
            {canPickOwner && (
              <Controller
                name="ownerId"
                control={control}
                render={({ field }) => (
                  <Box sx={isAdmin ? undefined : full}>
                    <OwnerAutocomplete
                      label="Owner"
                      value={ownerOption}
                      onChange={(option) => {
                        setOwnerOption(option);
                        field.onChange(option?._id ?? null);
                      }}
                      onBlur={field.onBlur}
                      error={messageOf('Owner', errors.ownerId)}
                    />
                  </Box>
                )}
              />
            )}
            {isAdmin && (
              <Controller
                name="agentId"
                control={control}
                render={({ field }) => (
                  <AgentAutocomplete
                    label="Agent"
                    value={agentOption}
                    onChange={(option) => {
                      setAgentOption(option);
                      field.onChange(option?._id ?? null);
                    }}
                    onBlur={field.onBlur}
                    error={messageOf('Agent', errors.agentId)}
                  />
                )}
              />
            )}
            <Controller
              name="description"
              control={control}
              render={({ field: { ref, value, ...field } }) => (
                <TextField
                  {...field}
                  value={value ?? ''}
                  inputRef={ref}
                  label="Description"
                  multiline
                  minRows={3}
                  error={Boolean(errors.description)}
                  helperText={messageOf('Description', errors.description)}
                  sx={full}
                />
              )}
            />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={handleClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
