import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GridRenderCellParams } from '@mui/x-data-grid';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { describe, expect, it, vi } from 'vitest';
import { actionsColumn, type RowAction } from './actions-column.tsx';

interface Row {
  name: string;
  canEdit: boolean;
}

function renderCell(row: Row, onEdit: () => void, opensRow = false) {
  const column = actionsColumn<Row>({
    width: 100,
    opensRow,
    actionsOf: (r): (RowAction | false)[] => [
      r.canEdit && { label: `Edit ${r.name}`, tooltip: 'Edit', Icon: EditIcon, onClick: onEdit },
      r.canEdit && {
        label: `Delete ${r.name}`,
        tooltip: 'Delete',
        Icon: DeleteIcon,
        onClick: vi.fn(),
        isDestructive: true,
      },
    ],
  });
  const onRowClick = vi.fn();
  const cell = column.renderCell?.({ row } as GridRenderCellParams<Row>);
  render(
    <div data-testid={`row ${row.name}`} onClick={onRowClick}>
      {cell}
    </div>,
  );
  return { column, onRowClick };
}

describe('actionsColumn', () => {
  it('is the right-aligned, unsortable "Actions" column', () => {
    const { column } = renderCell({ name: 'Ann', canEdit: true }, vi.fn());
    expect(column).toMatchObject({
      field: 'actions',
      headerName: 'Actions',
      width: 100,
      sortable: false,
      filterable: false,
      align: 'right',
      headerAlign: 'right',
    });
  });

  it('names each button after its row and runs its action; a row without actions has an empty cell', async () => {
    const onEdit = vi.fn();
    renderCell({ name: 'Ann', canEdit: true }, onEdit);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Ann' }));
    expect(onEdit).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Delete Ann' })).toBeInTheDocument();

    renderCell({ name: 'Bob', canEdit: false }, vi.fn());
    expect(screen.getByTestId('row Bob')).toBeEmptyDOMElement();
  });

  it("keeps a button's click from the row only where the row opens on click", async () => {
    const passing = renderCell({ name: 'Ann', canEdit: true }, vi.fn());
    await userEvent.click(screen.getByRole('button', { name: 'Edit Ann' }));
    expect(passing.onRowClick).toHaveBeenCalledOnce();

    const kept = renderCell({ name: 'Cy', canEdit: true }, vi.fn(), true);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Cy' }));
    expect(kept.onRowClick).not.toHaveBeenCalled();
  });
});
