import { useState } from 'react';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useDebouncedValue } from './use-debounced-value.ts';

interface GridQueryOptions {
  /** Grid columns the server sorts by; their field names are the API's `sort` keys. None: no sorting. */
  sortable?: readonly string[];
  initialSort?: GridSortModel;
  /** The page's own filters: a change to any of them starts again at the first page. */
  filters?: readonly unknown[];
  /** Rows per page until the user picks another size in the grid (Settings' choice or 25). */
  defaultPageSize?: number;
}

/** The API's `sort` for a grid sort model: `field` or `-field`, and only for columns the server sorts. */
const toSort = (model: GridSortModel, sortable: readonly string[]): string | undefined => {
  const [first] = model;
  if (!first?.sort || !sortable.includes(first.field)) return undefined;
  return first.sort === 'desc' ? `-${first.field}` : first.field;
};

/**
 * The search box, sort and paging of a server-side list grid, and the `page`, `pageSize`, `sort`
 * and debounced `q` the API's list calls take. A new search, filter, order or page size starts
 * again at the first page.
 */
export function useGridQueryState({
  sortable = [],
  initialSort = [],
  filters = [],
  defaultPageSize = 25,
}: GridQueryOptions = {}) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [sortModel, setSortModel] = useState<GridSortModel>(initialSort);
  const [chosenSize, setChosenSize] = useState<number | null>(null);
  const pageSize = chosenSize ?? defaultPageSize;
  const sort = toSort(sortModel, sortable);
  const keyFor = (size: number) => JSON.stringify([q, sort, size, ...filters]);
  const listKey = keyFor(pageSize);
  const [paging, setPaging] = useState({ key: listKey, page: 0 });
  const page = paging.key === listKey ? paging.page : 0;

  return {
    search,
    setSearch,
    q,
    page,
    /** The list call's paging, order and search: spread it into the feature's query. */
    query: { page: page + 1, pageSize, ...(sort ? { sort } : {}), ...(q ? { q } : {}) },
    /** The last row of a later page left it: step back rather than show an empty page. */
    afterRemoval: (rowsOnPage: number) => {
      if (rowsOnPage === 1 && page > 0) setPaging({ key: listKey, page: page - 1 });
    },
    grid: {
      paginationModel: { page, pageSize },
      onPaginationModelChange: (model: GridPaginationModel) => {
        setChosenSize(model.pageSize);
        setPaging({ key: keyFor(model.pageSize), page: model.pageSize === pageSize ? model.page : 0 });
      },
      sortModel,
      onSortModelChange: setSortModel,
      isSortable: sortable.length > 0,
    },
  };
}

export type GridQueryState = ReturnType<typeof useGridQueryState>['grid'];
