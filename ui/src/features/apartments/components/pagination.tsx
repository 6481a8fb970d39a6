import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
interface PaginationProps {
  /** The current page, from 0. */
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}

/** Previous, one button per page (numbered from 1), Next. */
export function Pagination({ page, pageCount, onChange }: PaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= 0) return null;
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
      <button
        type="button"
        className="pagination-next"
        disabled={page >= pageCount - 1}
        onClick={() => onChange(page + 1)}
      >
        {t('apartments.next')}
      </button>
      <ul className="pagination-list">
        {Array.from({ length: pageCount }, (_, i) => (
          <li key={i}>
            <button
              type="button"
              className={`pagination-link${i === page ? ' is-current' : ''}`}
              aria-label={t('apartments.page', { n: formatNumber(i + 1) })}
              aria-current={i === page ? 'page' : undefined}
              onClick={() => onChange(i)}
            >
              {formatNumber(i + 1)}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
