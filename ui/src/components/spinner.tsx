import { useTranslation } from 'react-i18next';

/** A polite loading indicator that screen readers announce once. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="spinner-wrap" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="is-sr-only">{label ?? t('common.loading')}</span>
    </div>
  );
}
