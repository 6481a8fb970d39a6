import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format.ts';

interface PagerProps {
  /** The current page, from 0. */
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}

/** Previous, "page 2 of 17", Next: as narrow on a phone however many pages there are. */
export function Pager({ page, pageCount, onChange }: PagerProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination is-centered mt-5" aria-label={t('apartments.pages')}>
      <button
        type="button"
        className="pagination-previous"
        disabled={page <= 0}
        onClick={() => onChange(page - 1)}
      >
        {t('apartments.previous')}
      </button>
      <span className="pagination-list" aria-live="polite">
        {t('pages.pageOf', { page: formatNumber(page + 1), count: formatNumber(pageCount) })}
      </span>
      <button
        type="button"
        className="pagination-next"
        disabled={page >= pageCount - 1}
        onClick={() => onChange(page + 1)}
      >
        {t('apartments.next')}
      </button>
    </nav>
  );
}
