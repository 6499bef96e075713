import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Subtotal, VAT and the total in bold, right-aligned under an invoice's lines. */
export function InvoiceTotalsList({
  subtotal,
  vat,
  total,
  vatLabel = 'VAT',
}: {
  subtotal: string;
  vat: string;
  total: string;
  vatLabel?: string;
}) {
  const rows: [string, string, boolean][] = [
    ['Subtotal', subtotal, false],
    [vatLabel, vat, false],
    ['Total', total, true],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 3, m: 0 }}>
      {rows.map(([label, value, isTotal]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography
            component="dt"
            color={isTotal ? undefined : 'text.secondary'}
            sx={isTotal ? { fontWeight: 600 } : undefined}
          >
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: isTotal ? 600 : undefined }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
