import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatMoney, type VatReport } from '@lintel/contracts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { firstOfMonth, type Period, periodError, todayIso } from '../../../lib/format.ts';
import { useAuth } from '../../../session/index.ts';
import { PeriodCurrencyReport, useEnabledCurrencies } from '../../accounts/index.ts';
import { canMoveTrustMoney, canReadTrustTransfers, useVatReport } from '../api.ts';
import { VatPaymentDialog } from '../components/VatPaymentDialog.tsx';
import { ScrollingTable } from '../../../components/ScrollingTable.tsx';

const TITLE = 'VAT';
const SOURCE_LABELS = { receipt: 'Receipt', invoice: 'Invoice', other: 'Other' } as const;

/** /accountant-dashboard/vat: output VAT in a period by receipt and invoice, VAT paid and owed. */
export function VatPage() {
  const { user } = useAuth();
  if (!canReadTrustTransfers(user?.role)) {
    return (
      <Stack spacing={2}>
        <PageHeader title={TITLE} />
        <Alert severity="info">VAT is kept by your agency&apos;s accountants.</Alert>
      </Stack>
    );
  }
  return <VatView canPay={canMoveTrustMoney(user?.role)} />;
}

function VatView({ canPay }: { canPay: boolean }) {
  const [period, setPeriod] = useState<Period>(() => ({ from: firstOfMonth(0), to: todayIso() }));
  const [chosenCurrency, setChosenCurrency] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const enabled = useEnabledCurrencies();
  const currency = chosenCurrency ?? enabled.data?.defaultCurrency ?? '';
  const isValid = periodError(period) === null && Boolean(currency);
  const report = useVatReport({ ...period, currency }, isValid);
  const failure = enabled.error ?? report.error;

  return (
    <Stack spacing={2}>
      <PageHeader
        title={TITLE}
        subtitle="Output VAT on commission and invoices, and VAT paid to the tax authority."
        actions={
          canPay &&
          report.data && (
            <Button
              variant="contained"
              onClick={() => setPaying(true)}
              disabled={report.data.closingOwed <= 0}
            >
              Record VAT paid
            </Button>
          )
        }
      />
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
        what="the VAT report"
      >
        {(data) => <VatTables report={data} />}
      </PeriodCurrencyReport>
      {paying && report.data && (
        <VatPaymentDialog
          open
          currency={report.data.currency}
          owed={report.data.closingOwed}
          onClose={() => setPaying(false)}
        />
      )}
    </Stack>
  );
}

function VatTables({ report }: { report: VatReport }) {
  const money = (amount: number) => formatMoney(amount, report.currency);
  const summary: [string, number][] = [
    ['VAT owed at the start', report.openingOwed],
    ['Output VAT on receipts', report.bySource.receipt],
    ['Output VAT on invoices', report.bySource.invoice],
    ...(report.bySource.other !== 0 ? [['Other output VAT', report.bySource.other] as [string, number]] : []),
    ['VAT paid', -report.paid],
    ['VAT owed at the end', report.closingOwed],
  ];
  return (
    <>
      <Section id="vat-summary" title="Summary">
        <ScrollingTable label="VAT summary">
          <Table size="small" aria-label="VAT summary">
            <TableBody>
              {summary.map(([label, amount], index) => (
                <TableRow key={label}>
                  <TableCell
                    component="th"
                    scope="row"
                    sx={index === summary.length - 1 ? { fontWeight: 700 } : {}}
                  >
                    {label}
                  </TableCell>
                  <TableCell align="right" sx={index === summary.length - 1 ? { fontWeight: 700 } : {}}>
                    {money(amount)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollingTable>
      </Section>
      <Section id="vat-lines" title="By receipt and invoice">
        <ScrollingTable label="Output VAT by receipt and invoice">
          <Table size="small" aria-label="Output VAT by receipt and invoice" sx={{ minWidth: 520 }}>
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Source</TableCell>
                <TableCell>Reference</TableCell>
                <TableCell>Description</TableCell>
                <TableCell align="right">VAT</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.lines.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>No output VAT in this period.</TableCell>
                </TableRow>
              )}
              {report.lines.map((line) => (
                <TableRow key={line.journalId}>
                  <TableCell>{line.date}</TableCell>
                  <TableCell>{SOURCE_LABELS[line.source]}</TableCell>
                  <TableCell>{line.reference ?? '—'}</TableCell>
                  <TableCell>{line.description}</TableCell>
                  <TableCell align="right">{money(line.amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollingTable>
      </Section>
      {report.payments.length > 0 && (
        <Section id="vat-payments" title="VAT paid">
          <ScrollingTable label="VAT paid">
            <Table size="small" aria-label="VAT paid">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Reference</TableCell>
                  <TableCell align="right">Amount</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.payments.map((payment) => (
                  <TableRow key={payment.journalId}>
                    <TableCell>{payment.date}</TableCell>
                    <TableCell>{payment.reference ?? '—'}</TableCell>
                    <TableCell align="right">{money(payment.amount)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollingTable>
        </Section>
      )}
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box id={id}>
        <SectionTitle>{title}</SectionTitle>
      </Box>
      {children}
    </Paper>
  );
}
