import type { ReactNode } from 'react';
import { DataGrid, type DataGridProps, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { PageMeta } from '@lintel/contracts';
import type { GridQueryState } from './use-grid-query-state.ts';

const PAGE_SIZES = [10, 25, 50, 100];

/** What a list hook returns that the grid shows: one page of rows and the total. */
interface ListResult<R> {
  data?: { data: R[]; meta: Pick<PageMeta, 'total' | 'totalIsLowerBound'> };
  error: Error | null;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export type ServerDataGridProps<R extends GridValidRowModel & { _id: string }> = {
  'aria-label': string;
  list: ListResult<R>;
  columns: GridColDef<R>[];
  /** From `useGridQueryState().grid`. */
  state: GridQueryState;
  /** Shown instead of the grid when the server has no rows. */
  empty: { title: string; text: string; action?: ReactNode };
  /** Replaces the list's own error (and its retry), e.g. when the page loads more than the list. */
  error?: Error | null;
  onRetry?: () => void;
  /** False while the list is not asked for (e.g. invalid filters): no empty state then. */
  isQueried?: boolean;
} & Pick<DataGridProps<R>, 'columnVisibilityModel' | 'onRowClick' | 'onCellKeyDown'>;

/**
 * A list page's grid over a server-paged, server-sorted API list: the error with "Try again", the
 * empty state, or the rows, with the project's common grid settings. Rows that click open
 * something show the pointer.
 */
export function ServerDataGrid<R extends GridValidRowModel & { _id: string }>({
  'aria-label': ariaLabel,
  list,
  columns,
  state: { isSortable, ...state },
  empty,
  error = list.error,
  onRetry = () => void list.refetch(),
  isQueried = true,
  ...gridProps
}: ServerDataGridProps<R>) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const total = list.data?.meta.total ?? 0;
  // A long list stops counting (server LIST_COUNT_LIMIT): "1–25 of more than 1,000", and next
  // stays enabled, since at least that many rows exist past this page.
  const isLowerBound = list.data?.meta.totalIsLowerBound === true;
  const isEmpty = !error && isQueried && !list.isPending && !list.isPlaceholderData && total === 0;

  return (
    <>
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Try again
            </Button>
          }
        >
          {error.message}
        </Alert>
      )}

      {isEmpty ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
          <Typography variant="h6" component="p" gutterBottom>
            {empty.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: empty.action ? 3 : 0 }}>
            {empty.text}
          </Typography>
          {empty.action}
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <DataGrid
            aria-label={ariaLabel}
            rows={list.data?.data ?? []}
            columns={columns}
            getRowId={(row) => row._id}
            rowCount={isLowerBound ? -1 : total}
            {...(isLowerBound && {
              paginationMeta: { hasNextPage: true },
              localeText: {
                paginationDisplayedRows: ({ from, to }) =>
                  `${from.toLocaleString()}–${to.toLocaleString()} of more than ${total.toLocaleString()}`,
              },
            })}
            loading={list.isFetching}
            paginationMode="server"
            pageSizeOptions={PAGE_SIZES}
            {...state}
            {...(isSortable ? { sortingMode: 'server', sortingOrder: ['asc', 'desc'] } : {})}
            {...gridProps}
            disableColumnFilter
            disableColumnSelector
            disableColumnMenu
            disableRowSelectionOnClick
            rowSelection={false}
            autoHeight
            rowHeight={compact ? 60 : 52}
            slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
            sx={{
              border: 0,
              ...(gridProps.onRowClick ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : {}),
              '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outlineOffset: -2 },
              // The focused button shows the ring, not the whole cell around it.
              '& .MuiDataGrid-cell:focus-within': { outline: 'none' },
              '& .MuiIconButton-root.Mui-focusVisible': {
                outline: '2px solid',
                outlineColor: 'primary.main',
              },
            }}
          />
        </Paper>
      )}
    </>
  );
}
