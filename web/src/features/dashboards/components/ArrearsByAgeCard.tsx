import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { AGING_BUCKETS, AGING_LABELS, formatMoney, type AgingTotals } from '@lintel/contracts';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { moneyTick } from '../../../lib/format.ts';
import { AGING_COLORS } from '../../reports/index.ts';
import { XyChart } from '../../../components/XyChart.tsx';

const TITLE = 'Arrears by age';
const SHORT_LABELS: Record<(typeof AGING_BUCKETS)[number], string> = {
  current: 'Current',
  days1to30: '1–30',
  days31to60: '31–60',
  days61to90: '61–90',
  days90plus: '90+',
};

/** Rent owed by how late it is: a small bar chart, and the amounts beside it (its text alternative). */
export function ArrearsByAgeCard({
  arrears,
  currency,
  loading,
  action,
  emptyText = 'No arrears: every tenant is up to date.',
}: {
  arrears: AgingTotals | undefined;
  currency: string | undefined;
  loading: boolean;
  action?: ReactNode;
  emptyText?: string;
}) {
  const isEmpty = arrears !== undefined && arrears.total === 0;
  return (
    <ChartCard
      title={TITLE}
      subtitle="Days past the due date"
      action={action}
      loading={loading || !arrears || !currency}
      emptyText={isEmpty ? emptyText : null}
      height={200}
    >
      {arrears && currency && (
        <>
          <XyChart
            label={TITLE}
            height={180}
            categories={AGING_BUCKETS}
            categoryLabel={(bucket, where) =>
              where === 'tick' ? SHORT_LABELS[bucket] : AGING_LABELS[bucket]
            }
            categoryColors={AGING_BUCKETS.map((bucket) => AGING_COLORS[bucket])}
            valueTick={(value) => moneyTick(value, currency)}
            series={[
              {
                label: 'Owed',
                data: AGING_BUCKETS.map((bucket) => arrears[bucket]),
                format: (value) => formatMoney(value, currency),
              },
            ]}
          />
          <Table size="small" aria-label="Arrears by age, amounts">
            <TableBody>
              {AGING_BUCKETS.map((bucket) => (
                <TableRow key={bucket}>
                  <TableCell component="th" scope="row" sx={{ pl: 0 }}>
                    {AGING_LABELS[bucket]}
                  </TableCell>
                  <TableCell align="right" sx={{ pr: 0 }}>
                    {formatMoney(arrears[bucket], currency)}
                  </TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell component="th" scope="row" sx={{ pl: 0, fontWeight: 700, borderBottom: 0 }}>
                  Total
                </TableCell>
                <TableCell align="right" sx={{ pr: 0, fontWeight: 700, borderBottom: 0 }}>
                  {formatMoney(arrears.total, currency)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </>
      )}
    </ChartCard>
  );
}
