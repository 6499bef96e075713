import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney, type CommissionReport } from '@lintel/contracts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { firstOfMonth, formatMonth, type Period, periodError, todayIso } from '../../../lib/format.ts';
import { useAuth } from '../../../session/index.ts';
import { canReadAgentAccounts, useCommissions, useEnabledCurrencies } from '../api.ts';
import { PeriodCurrencyReport } from '../components/PeriodCurrencyReport.tsx';
import { ScrollingTable } from '../../../components/ScrollingTable.tsx';
import { XyChart } from '../../../components/XyChart.tsx';

const TITLE = 'Commissions';

/** /accountant-dashboard/commissions: commission by agent and by month, agency share and VAT. */
export function CommissionsPage() {
  const { user } = useAuth();
  if (!canReadAgentAccounts(user?.role)) {
    return (
      <Stack spacing={2}>
        <PageHeader title={TITLE} />
        <Alert severity="info">Commissions are kept by your agency&apos;s accountants.</Alert>
      </Stack>
    );
  }
  return <CommissionReportView />;
}

type Figures = CommissionReport['totals'];
const FIGURES: { key: keyof Figures; label: string }[] = [
  { key: 'collected', label: 'Collected' },
  { key: 'commission', label: 'Commission' },
  { key: 'agentShare', label: 'Agent share' },
  { key: 'agencyShare', label: 'Agency share' },
  { key: 'vat', label: 'VAT' },
];

function CommissionReportView() {
  // Twelve months by default, so the months can be compared.
  const [period, setPeriod] = useState<Period>(() => ({ from: firstOfMonth(11), to: todayIso() }));
  const [chosenCurrency, setChosenCurrency] = useState<string | null>(null);
  const enabled = useEnabledCurrencies();
  const currency = chosenCurrency ?? enabled.data?.defaultCurrency ?? '';
  const isValid = periodError(period) === null && Boolean(currency);
  const report = useCommissions({ ...period, currency }, isValid);
  const failure = enabled.error ?? report.error;

  return (
    <Stack spacing={2}>
      <PageHeader title={TITLE} subtitle="Commission taken on rent collected, by agent and by month." />
      <PeriodCurrencyReport
        period={period}
        onPeriodChange={setPeriod}
        currency={currency}
        currencies={enabled.data?.currencies ?? []}
        onCurrencyChange={setChosenCurrency}
        report={report.data}
        failure={failure}
        onRetry={() => void (enabled.error ? enabled.refetch() : report.refetch())}
        loading={isValid || enabled.isPending}
        what="the commissions"
      >
        {(data) => <CommissionTables report={data} />}
      </PeriodCurrencyReport>
    </Stack>
  );
}

function CommissionTables({ report }: { report: CommissionReport }) {
  const money = (amount: number) => formatMoney(amount, report.currency);
  if (report.byAgent.length === 0 && report.byMonth.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
        <Typography variant="h6" component="p" gutterBottom>
          No commission in this period
        </Typography>
        <Typography color="text.secondary">
          Commission is taken when rent is received. Try a longer period.
        </Typography>
      </Paper>
    );
  }
  return (
    <>
      <ReportSection id="commission-by-agent" title="By agent">
        <FiguresTable
          label="Commission by agent"
          rowHead="Agent"
          rows={report.byAgent.map((row) => ({
            key: row.agentId ?? 'agency',
            name: row.agentName,
            figures: row,
          }))}
          total={report.totals}
          money={money}
        />
      </ReportSection>
      <ReportSection id="commission-by-month" title="By month">
        <XyChart
          label="Commission by month"
          height={280}
          categories={report.byMonth.map((row) => row.month)}
          categoryLabel={formatMonth}
          valueTick={(value) => money(Math.round(value))}
          axisWidth={90}
          stacked
          series={[
            { label: 'Agent share', data: report.byMonth.map((row) => row.agentShare), format: money },
            { label: 'Agency share', data: report.byMonth.map((row) => row.agencyShare), format: money },
          ]}
        />
        <FiguresTable
          label="Commission by month"
          rowHead="Month"
          rows={report.byMonth.map((row) => ({ key: row.month, name: formatMonth(row.month), figures: row }))}
          money={money}
        />
      </ReportSection>
    </>
  );
}

/** A titled card of the report; `id` names its title, which labels the section. */
function ReportSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box id={id}>
        <SectionTitle>{title}</SectionTitle>
      </Box>
      {children}
    </Paper>
  );
}

/** One row an agent or a month, each with the five figures; the total row last, when given. */
function FiguresTable({
  label,
  rowHead,
  rows,
  total,
  money,
}: {
  label: string;
  rowHead: string;
  rows: { key: string; name: string; figures: Figures }[];
  total?: Figures;
  money: (amount: number) => string;
}) {
  const figureCells = (figures: Figures, bold = false) =>
    FIGURES.map(({ key }) => (
      <TableCell key={key} align="right" sx={bold ? { fontWeight: 700 } : undefined}>
        {money(figures[key])}
      </TableCell>
    ));
  return (
    <ScrollingTable label={label}>
      <Table size="small" aria-label={label} sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>{rowHead}</TableCell>
            {FIGURES.map(({ key, label: figureLabel }) => (
              <TableCell key={key} align="right">
                {figureLabel}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell>{row.name}</TableCell>
              {figureCells(row.figures)}
            </TableRow>
          ))}
          {total && (
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>Total</TableCell>
              {figureCells(total, true)}
            </TableRow>
          )}
        </TableBody>
      </Table>
    </ScrollingTable>
  );
}
