import DescriptionIcon from '@mui/icons-material/Description';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { MaintenanceAttachment } from '@lintel/contracts';
import { useDownload } from '../../../components/use-download.ts';
import { downloadAttachment, useAttachmentPreview } from '../api.ts';

const FRAME = { width: 140, height: 105 };

/** A photo as a thumbnail, a PDF as an icon; either downloads on click. */
export function AttachmentTile({
  requestId,
  attachment,
}: {
  requestId: string;
  attachment: MaintenanceAttachment;
}) {
  const isImage = attachment.contentType.startsWith('image/');
  const preview = useAttachmentPreview(requestId, attachment._id, isImage);
  const file = useDownload('The file could not be downloaded.');
  let content;
  if (!isImage) content = <DescriptionIcon fontSize="large" color="action" />;
  else if (preview.isPending)
    content = <CircularProgress size={20} aria-label={`Loading ${attachment.fileName}`} />;
  else if (preview.isError)
    content = (
      <Typography variant="caption" color="error">
        Not available
      </Typography>
    );
  else
    content = (
      <Box
        component="img"
        src={preview.data}
        alt={attachment.fileName}
        sx={{ ...FRAME, objectFit: 'cover' }}
      />
    );
  return (
    <Box sx={{ width: FRAME.width }}>
      <ButtonBase
        onClick={() => void file.download(() => downloadAttachment(requestId, attachment))}
        disabled={file.isDownloading}
        aria-label={`Download ${attachment.fileName}`}
        sx={{
          ...FRAME,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          overflow: 'hidden',
          bgcolor: 'action.hover',
        }}
      >
        {content}
      </ButtonBase>
      <Typography variant="caption" noWrap component="div" title={attachment.fileName}>
        {attachment.fileName}
      </Typography>
      {file.error && (
        <Typography variant="caption" color="error" component="div">
          {file.error}
        </Typography>
      )}
    </Box>
  );
}
