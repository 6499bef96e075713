import type { ReactNode } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ARREARS_GROUPS, REPORT_KINDS, type ArrearsGroup, type Report } from '@lintel/contracts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { KpiCard } from '../../../components/KpiCard.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { TransferProgress } from '../../../components/TransferProgress.tsx';
import { useDownload } from '../../../components/use-download.ts';
import { toApiError } from '../../../lib/http.ts';
import { useAuth } from '../../../session/index.ts';
import { CurrencyField, PeriodFields, useEnabledCurrencies } from '../../accounts/index.ts';
import { canReadReports, downloadReport, useReport } from '../api.ts';
import { RecordFilterField } from '../components/RecordFilterField.tsx';
import { ReportChartView } from '../components/ReportChartView.tsx';
import { ReportTable } from '../components/ReportTable.tsx';
import { formatReportValue, REPORT_LABELS } from '../report-format.ts';
import {
  datesError,
  RECORD_FILTER_PARAMS,
  REPORT_DATES,
  REPORT_FILTERS,
  reportRequestOf,
  useReportParams,
  type ReportParamChanges,
  type ReportParams,
} from '../use-report-params.ts';

const TITLE = 'Reports';

const GROUP_LABELS: Record<ArrearsGroup, string> = {
  tenant: 'Tenant',
  property: 'Property',
  owner: 'Owner',
  agent: 'Agent',
};

/**
 * /accountant-dashboard/reports and /admin-dashboard/reports: the seven reports over one period,
 * currency and filters kept in the address, on screen and as CSV or PDF.
 */
export function ReportsPage() {
  const { user } = useAuth();
  if (!canReadReports(user?.role)) {
    return (
      <Stack spacing={2}>
        <PageHeader title={TITLE} />
        <Alert severity="info">Reports are kept by your agency&apos;s accountants.</Alert>
      </Stack>
    );
  }
  return <ReportView />;
}

type Format = 'csv' | 'pdf';

function ReportView() {
  const { params, update } = useReportParams();
  const { kind } = params;
  const isValid = datesError(params) === null;
  const query = reportRequestOf(params);
  const report = useReport(kind, query, isValid);
  const enabled = useEnabledCurrencies();
  const currency = params.currency || report.data?.currency || enabled.data?.defaultCurrency || '';

  const file = useDownload<Format>('The report could not be downloaded.');
  const handleDownload = (format: Format) =>
    file.download((onProgress) => downloadReport(kind, query, format, onProgress), format);

  const downloadButton = (format: Format) => (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={!isValid || file.isDownloading}
      onClick={() => void handleDownload(format)}
    >
      Download {format.toUpperCase()}
    </Button>
  );

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader
        title={TITLE}
        subtitle="Income, rents, arrears, commission, occupancy and the trust account, for any period."
        actions={
          <>
            {downloadButton('csv')}
            {downloadButton('pdf')}
          </>
        }
      />
      {file.isDownloading && (
        <TransferProgress
          progress={file.progress}
          waiting={`Building the ${file.downloading?.toUpperCase() ?? 'file'}…`}
          verb="Received"
        />
      )}
      <ErrorAlert message={file.error} />

      <Tabs
        value={kind}
        onChange={(_event, next: typeof kind) => update({ kind: next })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Report"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {REPORT_KINDS.map((each) => (
          <Tab key={each} value={each} label={REPORT_LABELS[each]} />
        ))}
      </Tabs>

      <Box
        role="search"
        aria-label="Report filters"
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(170px, 1fr))' },
        }}
      >
        <DateFields params={params} onChange={update} />
        <CurrencyField
          value={currency}
          currencies={enabled.data?.currencies ?? (currency ? [currency] : [])}
          onChange={(next) => update({ currency: next })}
        />
        {kind === 'arrears' && (
          <TextField
            select
            size="small"
            label="Group by"
            value={params.groupBy}
            onChange={(event) => update({ groupBy: event.target.value })}
          >
            {ARREARS_GROUPS.map((group) => (
              <MenuItem key={group} value={group}>
                {GROUP_LABELS[group]}
              </MenuItem>
            ))}
          </TextField>
        )}
        {REPORT_FILTERS[kind].map((filter) => (
          <Box key={filter} sx={{ gridColumn: { xs: '1 / -1', sm: 'span 1' } }}>
            <RecordFilterField
              filter={filter}
              id={params[RECORD_FILTER_PARAMS[filter]]}
              onChange={(id) => update({ [RECORD_FILTER_PARAMS[filter]]: id })}
            />
          </Box>
        ))}
      </Box>

      {report.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void report.refetch()}>
              Try again
            </Button>
          }
        >
          {toApiError(report.error, 'The report could not be loaded.').message}
        </Alert>
      ) : report.data ? (
        <ReportBody report={report.data} isRefreshing={report.isPlaceholderData} />
      ) : isValid ? (
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the report" />
        </Box>
      ) : null}
    </Stack>
  );
}

/** The period, the day, or nothing, as the report reads its dates. */
function DateFields({
  params,
  onChange,
}: {
  params: ReportParams;
  onChange: (changes: ReportParamChanges) => void;
}) {
  const mode = REPORT_DATES[params.kind];
  if (mode === 'period')
    return <PeriodFields value={{ from: params.from, to: params.to }} onChange={onChange} />;
  if (mode === 'now') return null;
  const error = datesError(params);
  return (
    <TextField
      type="date"
      size="small"
      label="As of"
      value={params.to}
      onChange={(event) => onChange({ to: event.target.value })}
      error={Boolean(error)}
      helperText={error?.message}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

const dateOf = (report: Report, date: string) => formatReportValue(date, 'date', report.currency);

function ReportBody({ report, isRefreshing }: { report: Report; isRefreshing: boolean }) {
  const mode = REPORT_DATES[report.report];
  const period =
    mode === 'period'
      ? `${dateOf(report, report.from)} – ${dateOf(report, report.to)}`
      : mode === 'as-of'
        ? `As of ${dateOf(report, report.to)}`
        : 'Today';
  return (
    <Stack spacing={2} aria-busy={isRefreshing} sx={{ minWidth: 0 }}>
      {isRefreshing && <LinearProgress aria-label="Updating the report" />}
      <Box>
        <Typography variant="h5" component="h2">
          {report.title}
        </Typography>
        <Typography color="text.secondary">{report.description}</Typography>
        <Typography variant="body2" color="text.secondary">
          {period} · {report.currency}
        </Typography>
      </Box>
      {report.rows.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
          <Typography variant="h6" component="p" gutterBottom>
            No rows for this period
          </Typography>
          <Typography color="text.secondary">Try a longer period or fewer filters.</Typography>
        </Paper>
      ) : (
        <>
          {report.summary.length > 0 && (
            <Box
              component="section"
              aria-label="Summary"
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
              }}
            >
              {report.summary.map((figure) => (
                <KpiCard
                  key={figure.label}
                  label={figure.label}
                  value={formatReportValue(figure.value, figure.type, report.currency)}
                />
              ))}
            </Box>
          )}
          {report.chart && (
            <ReportSection title="Chart">
              <ReportChartView report={report} chart={report.chart} />
            </ReportSection>
          )}
          <ReportSection title="Rows">
            <ReportTable key={report.report} report={report} />
          </ReportSection>
        </>
      )}
    </Stack>
  );
}

function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: { xs: 1.5, sm: 3 }, minWidth: 0 }}
    >
      <SectionTitle>{title}</SectionTitle>
      {children}
    </Paper>
  );
}
