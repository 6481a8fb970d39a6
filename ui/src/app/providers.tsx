import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Router, type BaseLocationHook, type BaseSearchHook } from 'wouter';
import { AppToaster } from '../components/app-toaster.tsx';
import '../i18n/i18n.ts';
import { AuthProvider } from '../lib/auth.tsx';
import { LiveViews } from '../lib/live-views.tsx';
import { SaveLanguage } from '../lib/save-language.tsx';

export interface LocationSource {
  hook?: BaseLocationHook;
  searchHook?: BaseSearchHook;
  /** The address a page is drawn for on the server (where there is no address bar). */
  ssrPath?: string;
  ssrSearch?: string;
}

interface AppProvidersProps {
  queryClient: QueryClient;
  /** The browser's address bar unless given (tests pass a memory location). */
  location?: LocationSource;
  children: ReactNode;
}

export function AppProviders({ queryClient, location, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <Router
        hook={location?.hook}
        searchHook={location?.searchHook}
        ssrPath={location?.ssrPath}
        ssrSearch={location?.ssrSearch}
      >
        <AuthProvider>
          {children}
          <LiveViews />
          <SaveLanguage />
          <AppToaster />
        </AuthProvider>
      </Router>
    </QueryClientProvider>
  );
}
