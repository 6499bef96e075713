import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { NotificationProvider, NotificationStream } from '../../features/notifications/index.ts';
import { CompanyProvider, PropertyProvider } from '../../session/index.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { AppShell } from './AppShell.tsx';

/**
 * The shell's routes with what only they use: data queries, snack messages, the company,
 * notifications and the property list. Loaded with the shell, so the public pages (landing,
 * sign-in, sign-ups) never download them. The query cache lives as long as the shell: signing out
 * leaves it, so the next user starts with none of the last one's data.
 */
export function SignedInLayout() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <CompanyProvider>
          <NotificationProvider>
            <NotificationStream />
            <PropertyProvider>
              <AppShell />
            </PropertyProvider>
          </NotificationProvider>
        </CompanyProvider>
      </SnackbarProvider>
    </QueryClientProvider>
  );
}
