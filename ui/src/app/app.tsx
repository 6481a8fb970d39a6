import type { QueryClient } from '@tanstack/react-query';
import { AppProviders, type LocationSource } from './providers.tsx';
import { AppRouter } from './router.tsx';

export function App({ queryClient, location }: { queryClient: QueryClient; location?: LocationSource }) {
  return (
    <AppProviders queryClient={queryClient} location={location}>
      <AppRouter />
    </AppProviders>
  );
}
