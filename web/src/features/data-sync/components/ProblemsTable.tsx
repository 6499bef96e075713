import { useState } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ImportProblem } from '@lintel/contracts';
import { ScrollingTable } from '../../../components/ScrollingTable.tsx';

const PAGE_SIZES = [10, 25, 100];

const valueText = (value: string) => (value === '' ? <em>empty</em> : value);

/**
 * What is wrong with which row and column of the file, a page at a time. A phone shows the
 * column, message and value stacked beside the row number, so the message is never off screen.
 */
export function ProblemsTable({ problems }: { problems: ImportProblem[] }) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const shown = problems.slice(page * pageSize, (page + 1) * pageSize);
  return (
    <>
      <ScrollingTable label="Problems">
        <Table size="small" aria-label="Problems" sx={compact ? undefined : { minWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell align="right">Row</TableCell>
              {compact ? (
                <TableCell>Problem</TableCell>
              ) : (
                <>
                  <TableCell>Column</TableCell>
                  <TableCell>Value</TableCell>
                  <TableCell>Message</TableCell>
                </>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((problem, index) => (
              <TableRow key={page * pageSize + index} sx={{ verticalAlign: 'top' }}>
                <TableCell align="right">{problem.row}</TableCell>
                {compact ? (
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Typography variant="body2">
                      {problem.column && <code>{problem.column}</code>}
                      {problem.column && ': '}
                      {problem.message}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      Value: {valueText(problem.value)}
                    </Typography>
                  </TableCell>
                ) : (
                  <>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{problem.column}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{valueText(problem.value)}</TableCell>
                    <TableCell>{problem.message}</TableCell>
                  </>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollingTable>
      {problems.length > PAGE_SIZES[0]! && (
        <TablePagination
          component="div"
          count={problems.length}
          page={page}
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
