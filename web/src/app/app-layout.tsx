import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from '../lib/theme';
import { useAuth } from '../lib/use-auth';
import { DashboardShell } from './dashboard-shell';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

/** One query cache per session: a new sign-in never sees the previous user's data. */
function useSessionQueryClient(token: string | null) {
  const [session, setSession] = useState(() => ({ token, client: createQueryClient() }));
  if (session.token !== token) {
    session.client.clear();
    const next = { token, client: createQueryClient() };
    setSession(next);
    return next.client;
  }
  return session.client;
}

/** Every signed-in screen: providers, the sign-in requirement and the dashboard shell. */
export function AppLayout() {
  const auth = useAuth();
  const queryClient = useSessionQueryClient(auth.token);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        {/* Toasts close after 3 s unless a call says otherwise (spec 1 §9). */}
        <Notifications position="top-right" autoClose={3000} zIndex={1000} />
        {auth.isAuthenticated ? <DashboardShell /> : <Navigate to="/login" replace />}
      </QueryClientProvider>
    </MantineProvider>
  );
}
