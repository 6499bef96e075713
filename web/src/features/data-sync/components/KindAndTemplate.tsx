import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { IMPORT_KIND_LABELS, IMPORT_KINDS, type ImportKind } from '@lintel/contracts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { useDownload } from '../../../components/use-download.ts';
import { downloadTemplate } from '../api.ts';

/** The kind of file, and its CSV template: the header row an import of that kind expects. */
export function KindAndTemplate({
  kind,
  onChange,
  label,
  disabled = false,
}: {
  kind: ImportKind;
  onChange: (kind: ImportKind) => void;
  label: string;
  disabled?: boolean;
}) {
  const template = useDownload('The template could not be downloaded.');
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={label}
          value={kind}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value as ImportKind)}
          sx={{ minWidth: 220, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          {IMPORT_KINDS.map((each) => (
            <MenuItem key={each} value={each}>
              {IMPORT_KIND_LABELS[each]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={template.isDownloading}
          onClick={() => void template.download(() => downloadTemplate(kind))}
        >
          Download template
        </Button>
      </Box>
      <ErrorAlert message={template.error} />
    </>
  );
}
