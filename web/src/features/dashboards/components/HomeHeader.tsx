import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useAuth } from '../../auth/AuthProvider.tsx';

export function greeting(now: Date = new Date()): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** A role home's heading: "Good morning, Rudo", by the time of day. */
export function HomeHeader({ subtitle, actions }: { subtitle?: ReactNode; actions?: ReactNode }) {
  const { user } = useAuth();
  const firstName = user?.firstName.trim();
  return (
    <PageHeader
      title={firstName ? `${greeting()}, ${firstName}` : greeting()}
      subtitle={subtitle}
      actions={actions}
    />
  );
}
