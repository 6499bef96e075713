import { useMemo, useState } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { Report, ReportCell, ReportRow } from '@lintel/contracts';
import { formatReportValue, isNumeric } from '../report-format.ts';
import { ScrollingTable } from '../../../components/ScrollingTable.tsx';

const PAGE_SIZES = [25, 50, 100];

// The first column names the row: it stays in view while a phone scrolls the figures sideways.
const stickyFirst = {
  '&:first-of-type': { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' },
} as const;

interface Sort {
  key: string;
  direction: 'asc' | 'desc';
}

const isEmpty = (cell: ReportCell | undefined) => cell === null || cell === undefined || cell === '';

/** Empty cells last either way; numbers by size, text as people sort it ("Unit 2" before "Unit 10"). */
function sortRows(rows: ReportRow[], sort: Sort | null): ReportRow[] {
  if (!sort) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((first, second) => {
    const a = first[sort.key];
    const b = second[sort.key];
    if (isEmpty(a) || isEmpty(b)) return Number(isEmpty(a)) - Number(isEmpty(b));
    if (typeof a === 'number' && typeof b === 'number') return sign * (a - b);
    return sign * String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
  });
}

/**
 * Any report's rows as a table: sorted by any column (the server's order until one is picked),
 * a page at a time, with the totals rows under every page. A phone scrolls the table sideways
 * inside its frame, never the page.
 */
export function ReportTable({ report }: { report: Report }) {
  const { columns, currency, totals } = report;
  const [sort, setSort] = useState<Sort | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const sorted = useMemo(() => sortRows(report.rows, sort), [report.rows, sort]);
  const lastPage = Math.max(0, Math.ceil(sorted.length / pageSize) - 1);
  // New filters can leave fewer pages than the one being read.
  const shownPage = Math.min(page, lastPage);
  const shown = sorted.slice(shownPage * pageSize, (shownPage + 1) * pageSize);

  const handleSort = (key: string) => {
    setSort((current) =>
      current?.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: 'asc' },
    );
    setPage(0);
  };

  const cell = (row: ReportRow, key: string) => {
    const column = columns.find((candidate) => candidate.key === key)!;
    return formatReportValue(row[key] ?? null, column.type, currency);
  };

  return (
    <>
      <ScrollingTable label={report.title}>
        <Table
          size="small"
          aria-label={report.title}
          // Tight cells so nine columns fit beside the side menu; names wrap, figures and dates never do.
          sx={{ '& th, & td': { px: 1 } }}
        >
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={isNumeric(column) ? 'right' : 'left'}
                  sx={stickyFirst}
                  sortDirection={sort?.key === column.key ? sort.direction : false}
                >
                  <TableSortLabel
                    active={sort?.key === column.key}
                    direction={sort?.key === column.key ? sort.direction : 'asc'}
                    onClick={() => handleSort(column.key)}
                  >
                    {column.label}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row, index) => (
              <TableRow key={shownPage * pageSize + index} hover>
                {columns.map((column) => (
                  <TableCell
                    key={column.key}
                    align={isNumeric(column) ? 'right' : 'left'}
                    sx={{
                      ...stickyFirst,
                      ...(column.type === 'text' ? { minWidth: 96 } : { whiteSpace: 'nowrap' }),
                    }}
                  >
                    {cell(row, column.key)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {[...(totals ? [totals] : []), ...report.closingRows].map((row, rowIndex) => (
              <TableRow key={`total-${rowIndex}`} aria-label={row === totals ? 'Totals' : undefined}>
                {columns.map((column, index) => {
                  const value = row[column.key] ?? null;
                  return (
                    <TableCell
                      key={column.key}
                      align={isNumeric(column) ? 'right' : 'left'}
                      sx={{
                        ...stickyFirst,
                        fontWeight: 700,
                        whiteSpace: 'nowrap',
                        // Ruled off from the rows above, as on the PDF.
                        ...(rowIndex === 0 && { borderTop: 2, borderTopColor: 'text.primary' }),
                      }}
                    >
                      {index === 0 && value === null ? 'Total' : value === null ? '' : cell(row, column.key)}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollingTable>
      {sorted.length > PAGE_SIZES[0]! && (
        <TablePagination
          component="div"
          count={sorted.length}
          page={shownPage}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
        />
      )}
    </>
  );
}
