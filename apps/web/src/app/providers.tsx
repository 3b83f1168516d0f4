import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToasterHost } from '../components/ToasterHost';
import { queryClient } from '../lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterHost eager />
    </QueryClientProvider>
  );
}
