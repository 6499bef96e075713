import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PageMeta } from '@lintel/contracts';
import { ServerDataGrid } from './ServerDataGrid.tsx';

interface Row {
  _id: string;
  name: string;
}

const rows: Row[] = Array.from({ length: 25 }, (_, index) => ({ _id: `id-${index}`, name: `Row ${index}` }));

function renderGrid(meta: Pick<PageMeta, 'total' | 'totalIsLowerBound'>) {
  render(
    <ServerDataGrid<Row>
      aria-label="Rows"
      list={{
        data: { data: rows, meta },
        error: null,
        isPending: false,
        isFetching: false,
        isPlaceholderData: false,
        refetch: vi.fn(),
      }}
      columns={[{ field: 'name', headerName: 'Name' }]}
      state={{
        paginationModel: { page: 0, pageSize: 25 },
        onPaginationModelChange: vi.fn(),
        sortModel: [],
        onSortModelChange: vi.fn(),
        isSortable: false,
      }}
      empty={{ title: 'No rows', text: 'Nothing here.' }}
    />,
  );
}

describe('ServerDataGrid paging', () => {
  it('shows an exact total and stops at the last page', () => {
    renderGrid({ total: 25 });
    expect(screen.getByText('1–25 of 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  });

  it('says "more than" when the server stopped counting, and keeps next page open', () => {
    renderGrid({ total: 1000, totalIsLowerBound: true });
    expect(screen.getByText('1–25 of more than 1,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeEnabled();
  });
});
