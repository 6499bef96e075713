import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { sessionStore } from '../../../lib/session-storage.ts';
import { useAuth } from '../../../session/index.ts';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** SPEC §2 "authentication test page": what the client believes about the session. */
export function TestAuthPage() {
  const { user, isAuthenticated, loading, error } = useAuth();
  const rows: [string, string][] = [
    ['Authenticated', yesNo(isAuthenticated)],
    ['Checking', yesNo(loading)],
    ['Email', user?.email ?? '—'],
    ['Role', user?.role ?? '—'],
    ['Company ID', user?.companyId ?? '—'],
    ['Access token stored', yesNo(Boolean(sessionStore.accessToken()))],
    ['Refresh token stored', yesNo(Boolean(sessionStore.refreshToken()))],
    ['Error', error ?? '—'],
  ];
  return (
    <>
      <PageHeader title="Authentication test" subtitle="The session as this browser sees it." />
      <TableContainer component={Paper} sx={{ maxWidth: 720 }}>
        <Table size="small" aria-label="Authentication state">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: '40%' }}>
                  {label}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
