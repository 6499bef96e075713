import { useState } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { ImportProblem } from '@lintel/contracts';

const PAGE_SIZES = [10, 25, 100];

/** What is wrong with which row and column of the file, a page at a time. */
export function ProblemsTable({ problems }: { problems: ImportProblem[] }) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const shown = problems.slice(page * pageSize, (page + 1) * pageSize);
  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Problems" sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell align="right">Row</TableCell>
              <TableCell>Column</TableCell>
              <TableCell>Value</TableCell>
              <TableCell>Message</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((problem, index) => (
              <TableRow key={page * pageSize + index}>
                <TableCell align="right">{problem.row}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{problem.column}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {problem.value === '' ? <em>empty</em> : problem.value}
                </TableCell>
                <TableCell>{problem.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
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
