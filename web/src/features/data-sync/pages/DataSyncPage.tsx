import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ImportKind } from '@lintel/contracts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { useAuth } from '../../../session/index.ts';
import { canExportData, canImportData } from '../api.ts';
import { ExportPanel } from '../components/ExportPanel.tsx';
import { ImportPanel } from '../components/ImportPanel.tsx';
import { KindAndTemplate } from '../components/KindAndTemplate.tsx';

const TITLE = 'Data sync';

/**
 * /accountant-dashboard/data-sync and /admin-dashboard/data-sync: CSV import (the accountant's)
 * and the export of everything. Admins read: they get the templates and the export, no import.
 */
export function DataSyncPage() {
  const { user } = useAuth();
  const role = user?.role;
  if (!canExportData(role)) {
    return (
      <Stack spacing={2}>
        <PageHeader title={TITLE} />
        <Alert severity="info">Data sync is kept by your agency&apos;s accountants.</Alert>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <PageHeader
        title={TITLE}
        subtitle="Bring owners, tenants, properties, leases and payments in from CSV files; take everything out as a zip."
      />
      {canImportData(role) ? <ImportPanel /> : <TemplatesPanel />}
      <ExportPanel />
    </Stack>
  );
}

/** The admin's view of the import: the templates, and who imports. */
function TemplatesPanel() {
  const [kind, setKind] = useState<ImportKind>('owners');
  return (
    <Paper variant="outlined" component="section" aria-label="Templates" sx={{ p: { xs: 2, sm: 3 } }}>
      <SectionTitle>Import templates</SectionTitle>
      <Stack spacing={2}>
        <Typography color="text.secondary">
          The columns each import file needs. Your accountants import the files.
        </Typography>
        <KindAndTemplate kind={kind} onChange={setKind} label="Template" />
      </Stack>
    </Paper>
  );
}
