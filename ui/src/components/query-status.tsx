import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/error-message.ts';
import { Spinner } from './spinner.tsx';

interface QueryStatusProps {
  /** What is being read, for the spinner and the error ('members', 'payments'). */
  what: string;
  query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  children: ReactNode;
}

/** A query's loading and error states, else its content. */
export function QueryStatus({ what, query, children }: QueryStatusProps) {
  const { t } = useTranslation();
  if (query.isPending) return <Spinner label={t('common.loadingWhat', { what })} />;
  if (query.isError) {
    return (
      <div className="notification is-danger is-light" role="alert">
        <p>
          {t('common.couldNotLoad', {
            what,
            message: errorMessage(query.error ?? undefined, t('common.unknownError')),
          })}
        </p>
        <button type="button" className="button is-small mt-2" onClick={() => void query.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  return children;
}
