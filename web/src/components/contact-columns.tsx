import type { GridColDef } from '@mui/x-data-grid';
import Typography from '@mui/material/Typography';
import { StackedCell } from './StackedCell.tsx';

/** A grid cell's text for a detail the record may not have. */
export const orDash = (value: string | null) => value ?? '—';

interface ContactRow {
  name: string;
  email: string | null;
  phone: string | null;
}

/**
 * A register's name, email and phone columns (owners, tenants). On a phone the other columns are
 * hidden, so the name carries `captionOf(row)` under it.
 */
export function contactColumns<R extends ContactRow>({
  compact,
  captionOf,
}: {
  compact: boolean;
  captionOf: (row: R) => string | null;
}): GridColDef<R>[] {
  return [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1.2,
      minWidth: 150,
      renderCell: ({ row }) => {
        const caption = compact && captionOf(row);
        return (
          <StackedCell>
            <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
              {row.name}
            </Typography>
            {caption && (
              <Typography variant="caption" color="text.secondary" noWrap>
                {caption}
              </Typography>
            )}
          </StackedCell>
        );
      },
    },
    { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 170, valueFormatter: orDash },
    {
      field: 'phone',
      headerName: 'Phone',
      flex: 0.8,
      minWidth: 130,
      sortable: false,
      valueFormatter: orDash,
    },
  ];
}
