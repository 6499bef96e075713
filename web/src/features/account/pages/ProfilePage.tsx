import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import { DetailList } from '../../../components/DetailList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { useCompany } from '../../company/CompanyProvider.tsx';

const ROLE_NAMES: Record<string, string> = {
  admin: 'Admin',
  agent: 'Agent',
  owner: 'Owner',
  accountant: 'Accountant',
  other: 'Team member',
};

export function ProfilePage() {
  const { user } = useAuth();
  const { company } = useCompany();
  if (!user) return null;
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <>
      <PageHeader title="Your profile" subtitle="How you appear to your colleagues in Lintel." />
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        <DetailList
          items={[
            { label: 'Name', value: fullName },
            { label: 'Email', value: user.email },
            { label: 'Role', value: ROLE_NAMES[user.role] ?? user.role },
            { label: 'Company', value: company?.name },
          ]}
        />
        <Alert severity="info" sx={{ mt: 3 }}>
          Changing your name, email or password is coming with user management. Until then, ask your company’s
          admin.
        </Alert>
      </Paper>
    </>
  );
}
