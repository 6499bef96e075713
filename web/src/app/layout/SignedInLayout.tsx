import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { NotificationProvider, NotificationStream } from '../../features/notifications/index.ts';
import { CompanyProvider, PropertyProvider } from '../../session/index.ts';
import { SnackbarHost } from '../../components/SnackbarHost.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { AppShell } from './AppShell.tsx';

/**
 * The shell's routes with what only they use: data queries, the company,
 * notifications and the property list. Loaded with the shell, so the public pages (landing,
 * sign-in, sign-ups) never download them. The query cache lives as long as the shell: signing out
 * leaves it, so the next user starts with none of the last one's data.
 */
export function SignedInLayout() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <CompanyProvider>
        <NotificationProvider>
          <NotificationStream />
          <PropertyProvider>
            <AppShell />
          </PropertyProvider>
        </NotificationProvider>
      </CompanyProvider>
      <SnackbarHost />
    </QueryClientProvider>
  );
}
