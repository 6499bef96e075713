import type { ReactNode } from 'react';
import type { GridValidRowModel } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PageHeader } from './PageHeader.tsx';
import { SearchField } from './SearchField.tsx';
import { ServerDataGrid, type ServerDataGridProps } from './ServerDataGrid.tsx';

interface SearchableListPageProps<R extends GridValidRowModel & { _id: string }> {
  title: string;
  subtitle: string;
  /** The page's add button, or nothing where the role may not add. */
  addButton: ReactNode;
  /** The search box, bound to `useGridQueryState`'s `search` and `setSearch`. */
  search: { label: string; placeholder: string; value: string; onChange: (text: string) => void };
  /** Whether a search narrows the list now (`useGridQueryState`'s `q`). */
  isSearching: boolean;
  /** What the rows are, for "No owners match your search". */
  plural: string;
  /** Controls beside the search box, e.g. a "Show archived" switch. */
  filters?: ReactNode;
  /** The grid; its empty state while searching is this page's. */
  grid: ServerDataGridProps<R>;
  /** The page's dialogs. */
  children?: ReactNode;
}

/**
 * A register's page (owners, tenants): the title with its add button, a search box, the server's
 * grid, and the dialogs. A search that finds nothing offers to clear it.
 */
export function SearchableListPage<R extends GridValidRowModel & { _id: string }>({
  title,
  subtitle,
  addButton,
  search,
  isSearching,
  plural,
  filters,
  grid,
  children,
}: SearchableListPageProps<R>) {
  return (
    <Stack spacing={2}>
      <PageHeader title={title} subtitle={subtitle} actions={addButton} />
      <Box role="search" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <SearchField {...search} sx={{ flex: '1 1 260px', maxWidth: { sm: 420 } }} />
        {filters}
      </Box>

      <ServerDataGrid
        {...grid}
        empty={
          isSearching
            ? {
                title: `No ${plural} match your search`,
                text: 'Try other words, or clear the search.',
                action: (
                  <Button variant="outlined" onClick={() => search.onChange('')}>
                    Clear search
                  </Button>
                ),
              }
            : grid.empty
        }
      />
      {children}
    </Stack>
  );
}
