import type { ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

interface QueryStatusProps {
  /** What is being read, for the spinner and the error ('members', 'payments'). */
  what: string;
  query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  children: ReactNode;
}

/** A query's loading and error states, else its content. */
export function QueryStatus({ what, query, children }: QueryStatusProps) {
  if (query.isPending) return <Spinner label={`Loading ${what}…`} />;
  if (query.isError) {
    return (
      <div className="notification is-danger is-light" role="alert">
        <p>
          Could not load the {what}: {query.error?.message ?? 'unknown error'}
        </p>
        <button type="button" className="button is-small mt-2" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return children;
}
