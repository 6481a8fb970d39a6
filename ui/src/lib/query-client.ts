import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

const maxRetries = 3;

/** Retry up to three times, but not answers that will not change (4xx: bad input, auth, not found). */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < maxRetries && !(isApiError(error) && error.status >= 400 && error.status < 500);

export function createQueryClient(overrides: DefaultOptions['queries'] = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // networkMode 'always': offline, a call fails and says so, instead of pausing without a word.
      queries: {
        retry: shouldRetry,
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        networkMode: 'always',
        ...overrides,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
