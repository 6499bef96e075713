import { useRef, useState, type FormEvent } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BANK_DATE_FORMATS,
  CsvStatementMapping,
  formatMoney,
  type BankAccountView,
  type StatementImportReport,
} from '@lintel/contracts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { formatDay } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { useImportStatement } from '../api.ts';

const MAPPING_REQUIRED = 'MAPPING_REQUIRED';
/** A preview lists this many lines; the counts cover them all. */
const PREVIEW_ROWS = 200;

type AmountStyle = 'amount' | 'debitCredit';

interface MappingValues {
  date: string;
  description: string;
  reference: string;
  counterparty: string;
  amountStyle: AmountStyle;
  amount: string;
  debit: string;
  credit: string;
  balance: string;
  dateFormat: (typeof BANK_DATE_FORMATS)[number];
  decimalComma: boolean;
}

const fromSaved = (saved: CsvStatementMapping | null): MappingValues => ({
  date: saved?.date ?? '',
  description: saved?.description ?? '',
  reference: saved?.reference ?? '',
  counterparty: saved?.counterparty ?? '',
  amountStyle: saved && !saved.amount && saved.debit ? 'debitCredit' : 'amount',
  amount: saved?.amount ?? '',
  debit: saved?.debit ?? '',
  credit: saved?.credit ?? '',
  balance: saved?.balance ?? '',
  dateFormat: saved?.dateFormat ?? 'YYYY-MM-DD',
  decimalComma: saved?.decimalComma ?? false,
});

const optional = (value: string) => (value ? value : undefined);

function toMapping(values: MappingValues) {
  return CsvStatementMapping.safeParse({
    date: values.date,
    description: values.description,
    reference: optional(values.reference),
    counterparty: optional(values.counterparty),
    ...(values.amountStyle === 'amount'
      ? { amount: optional(values.amount) }
      : { debit: optional(values.debit), credit: optional(values.credit) }),
    balance: optional(values.balance),
    dateFormat: values.dateFormat,
    decimalComma: values.decimalComma,
  });
}

const isCsv = (file: File) => /\.csv$/i.test(file.name) || file.type === 'text/csv';

/**
 * A CSV file's column names, from its first row, for the mapping's selects when the server did
 * not list them. Quotes around a name are dropped; a quoted comma stays inside its name.
 */
export async function csvHeaders(file: File): Promise<string[]> {
  const head = await file.slice(0, 64 * 1024).text();
  const firstLine = head.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const names: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) {
      names.push(current.trim());
      current = '';
    } else current += char;
  }
  names.push(current.trim());
  return names.filter(Boolean);
}

/** The headers a 422 MAPPING_REQUIRED lists in its details, if it does. */
const headersOf = (error: ApiError) =>
  error.details.filter((detail) => /header/i.test(detail.path)).map((detail) => detail.message);

/** Choose a statement file, map a CSV's columns, preview the lines (dry run), then import them. */
export function ImportStatementDialog({
  account,
  open,
  onClose,
  onImported,
}: {
  account: BankAccountView;
  open: boolean;
  onClose: () => void;
  onImported: (report: StatementImportReport) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const importer = useImportStatement();
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [showMapping, setShowMapping] = useState(false);
  const [values, setValues] = useState<MappingValues>(() => fromSaved(account.csvMapping));
  const [mappingError, setMappingError] = useState<string | null>(null);
  const [preview, setPreview] = useState<StatementImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const csv = file !== null && isCsv(file);

  const reset = () => {
    setFile(null);
    setHeaders([]);
    setShowMapping(false);
    setValues(fromSaved(account.csvMapping));
    setMappingError(null);
    setPreview(null);
    setError(null);
    importer.reset();
  };

  const openMapping = async (chosen: File, listed: string[] = []) => {
    setHeaders(listed.length > 0 ? listed : await csvHeaders(chosen));
    setShowMapping(true);
  };

  const chooseFile = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setPreview(null);
    setError(null);
    // A CSV for an account with no saved mapping needs one: ask straight away.
    if (isCsv(chosen) && !account.csvMapping) void openMapping(chosen);
    else if (isCsv(chosen) && showMapping) void openMapping(chosen);
  };

  const send = async (dryRun: boolean) => {
    if (!file) {
      setError('Choose a statement file first.');
      return;
    }
    let mapping: CsvStatementMapping | undefined;
    if (csv && showMapping) {
      const parsed = toMapping(values);
      if (!parsed.success) {
        setMappingError(
          parsed.error.issues[0]?.path[0] === 'amount'
            ? 'Map either an amount column or both debit and credit columns.'
            : 'Choose the date and description columns.',
        );
        return;
      }
      mapping = parsed.data;
    }
    setMappingError(null);
    setError(null);
    try {
      const report = await importer.mutateAsync({ accountId: account._id, file, mapping, dryRun });
      if (dryRun) setPreview(report);
      else onImported(report);
    } catch (failure) {
      const apiError = failure instanceof ApiError ? failure : null;
      if (apiError?.code === MAPPING_REQUIRED && csv) {
        await openMapping(file, headersOf(apiError));
        setError('Tell Lintel which column holds what: this bank’s layout is new.');
        return;
      }
      setPreview(null);
      setError(apiError?.message ?? 'The statement could not be read. Please try again.');
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send(preview === null);
  };

  const newLines = preview ? preview.lines.length - preview.duplicates : 0;
  const canApply = preview !== null && preview.problems.length === 0 && newLines > 0;
  const set = (field: keyof MappingValues) => (event: { target: { value: string } }) => {
    setPreview(null);
    setValues((current) => ({ ...current, [field]: event.target.value }));
  };
  const column = (field: keyof MappingValues, label: string, required = false) => (
    <TextField
      select
      label={label}
      value={values[field]}
      onChange={set(field)}
      required={required}
      fullWidth
      size="small"
    >
      {!required && <MenuItem value="">Not in the file</MenuItem>}
      {/* A saved column the file does not have still shows, so the select is never blank. */}
      {[...new Set([...(values[field] ? [values[field] as string] : []), ...headers])].map((header) => (
        <MenuItem key={header} value={header}>
          {header}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <ActionDialog
      open={open}
      title="Import statement"
      action={{
        label: preview ? `Import ${newLines} ${newLines === 1 ? 'line' : 'lines'}` : 'Check file',
        disabled: preview ? !canApply : !file,
        pending: importer.isPending,
      }}
      busy={importer.isPending}
      onClose={onClose}
      onExited={reset}
      onSubmit={submit}
      error={error}
      maxWidth="md"
      dividers
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <input
          ref={input}
          type="file"
          accept=".csv,.ofx,.qfx,.xml"
          aria-label="Statement file"
          tabIndex={-1}
          hidden
          onChange={(event) => {
            chooseFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          onClick={() => input.current?.click()}
          disabled={importer.isPending}
        >
          Choose file
        </Button>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {file ? file.name : 'CSV, OFX/QFX or camt.053 XML, up to 10 MB'}
        </Typography>
        {csv && !showMapping && (
          <Button onClick={() => void openMapping(file)} disabled={importer.isPending}>
            Change column mapping
          </Button>
        )}
      </Box>

      {csv && showMapping && (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
            Column mapping
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {column('date', 'Date column', true)}
            <TextField
              select
              size="small"
              label="Date format"
              value={values.dateFormat}
              onChange={set('dateFormat')}
              required
              fullWidth
            >
              {BANK_DATE_FORMATS.map((format) => (
                <MenuItem key={format} value={format}>
                  {format}
                </MenuItem>
              ))}
            </TextField>
            {column('description', 'Description column', true)}
            {column('reference', 'Reference column')}
            {column('counterparty', 'Counterparty column')}
            {column('balance', 'Balance column')}
            <TextField
              select
              size="small"
              label="Amounts"
              value={values.amountStyle}
              onChange={set('amountStyle')}
              fullWidth
            >
              <MenuItem value="amount">One signed amount column</MenuItem>
              <MenuItem value="debitCredit">Separate money out and money in columns</MenuItem>
            </TextField>
            {values.amountStyle === 'amount' ? (
              column('amount', 'Amount column', true)
            ) : (
              <>
                {column('debit', 'Money out (debit) column', true)}
                {column('credit', 'Money in (credit) column', true)}
              </>
            )}
            <FormControlLabel
              control={
                <Checkbox
                  checked={values.decimalComma}
                  onChange={(event) => {
                    setPreview(null);
                    setValues((current) => ({ ...current, decimalComma: event.target.checked }));
                  }}
                />
              }
              label="Amounts use a decimal comma (1.234,56)"
            />
          </Box>
          {mappingError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {mappingError}
            </Alert>
          )}
        </Box>
      )}

      {preview && <ImportPreview report={preview} currency={account.currency} />}
    </ActionDialog>
  );
}

function ImportPreview({ report, currency }: { report: StatementImportReport; currency: string }) {
  const money = (amount: number) => formatMoney(amount, currency);
  const newLines = report.lines.length - report.duplicates;
  return (
    <Box component="section" aria-label="Preview" sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Preview
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        <dt>Period</dt>
        <Box component="dd" sx={{ m: 0 }}>
          {formatDay(report.fromDate)} to {formatDay(report.toDate)}
        </Box>
        <dt>Opening balance</dt>
        <Box component="dd" sx={{ m: 0 }}>
          {money(report.openingBalance)}
        </Box>
        <dt>Closing balance</dt>
        <Box component="dd" sx={{ m: 0 }}>
          {money(report.closingBalance)}
        </Box>
        <dt>Lines</dt>
        <Box component="dd" sx={{ m: 0 }}>
          {`${report.lines.length} in the file: ${newLines} new, ${report.duplicates} already imported`}
        </Box>
      </Box>
      {report.problems.length > 0 ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {report.problems.length === 1 ? 'One problem' : `${report.problems.length} problems`}: nothing is
            imported until the file is fixed.
          </Typography>
          <List dense disablePadding aria-label="Problems">
            {report.problems.map((problem) => (
              <ListItem key={`${problem.line}-${problem.message}`} disableGutters>
                Line {problem.line}: {problem.message}
              </ListItem>
            ))}
          </List>
        </Alert>
      ) : newLines === 0 ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          Every line of this file is already imported.
        </Alert>
      ) : null}
      <Box sx={{ overflowX: 'auto', maxHeight: 320, mt: 2 }}>
        <Table size="small" stickyHeader aria-label="Statement lines in the file">
          <TableHead>
            <TableRow>
              <TableCell>Line</TableCell>
              <TableCell>Date</TableCell>
              <TableCell>Description</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell align="right">Balance</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.lines.slice(0, PREVIEW_ROWS).map((line) => (
              <TableRow key={line.line} sx={line.duplicate ? { color: 'text.secondary' } : undefined}>
                <TableCell>{line.line}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(line.date)}</TableCell>
                <TableCell>
                  {[line.description, line.reference, line.counterparty].filter(Boolean).join(' · ')}
                  {line.duplicate ? ' (already imported)' : ''}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {money(line.amount)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {money(line.balance)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {report.lines.length > PREVIEW_ROWS && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The first {PREVIEW_ROWS} of {report.lines.length} lines.
        </Typography>
      )}
    </Box>
  );
}
