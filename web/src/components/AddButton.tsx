import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';

/** A list page's main action: "Add owner", "Add tenant". */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="contained" startIcon={<AddIcon />} onClick={onClick}>
      {label}
    </Button>
  );
}
