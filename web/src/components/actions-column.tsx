import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type SvgIcon from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';

/** One icon button of a list row. */
export interface RowAction {
  /** The button's accessible name, naming the row: "Edit Rose Cottage". */
  label: string;
  tooltip: string;
  Icon: typeof SvgIcon;
  onClick: () => void;
  /** Turns red on hover and focus: it opens a destructive confirmation. */
  isDestructive?: boolean;
}

const DESTRUCTIVE_SX = { '&:hover, &.Mui-focusVisible': { color: 'error.main' } };

/**
 * A list's "Actions" column: right-aligned icon buttons, not sortable; a row without actions has
 * an empty cell. `opensRow`: the row's own click and Enter open it, so the buttons keep theirs.
 */
export function actionsColumn<R extends GridValidRowModel>({
  width,
  actionsOf,
  opensRow = false,
}: {
  width: number;
  /** `false` leaves an action out, e.g. one the role may not take. */
  actionsOf: (row: R) => (RowAction | false)[];
  opensRow?: boolean;
}): GridColDef<R> {
  return {
    field: 'actions',
    headerName: 'Actions',
    width,
    sortable: false,
    filterable: false,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ row }) => {
      const actions = actionsOf(row).filter((action) => action !== false);
      if (actions.length === 0) return null;
      const stop = opensRow ? (event: { stopPropagation: () => void }) => event.stopPropagation() : undefined;
      return (
        <Box
          sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', height: '100%' }}
          onClick={stop}
          onKeyDown={stop}
        >
          {actions.map(({ label, tooltip, Icon, onClick, isDestructive }) => (
            <Tooltip key={tooltip} title={tooltip}>
              <IconButton
                aria-label={label}
                onClick={onClick}
                sx={isDestructive ? DESTRUCTIVE_SX : undefined}
              >
                <Icon fontSize="small" />
              </IconButton>
            </Tooltip>
          ))}
        </Box>
      );
    },
  };
}
