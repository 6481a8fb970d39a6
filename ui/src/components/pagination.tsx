import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format.ts';

interface PaginationProps {
  /** The current page, from 0. */
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  /**
   * One button per page, numbered from 1 (shown even for a single page), after Previous and Next;
   * else "Page 2 of 17" between them, as narrow on a phone however many pages there are (and
   * nothing for a single page).
   */
  numbered?: boolean;
}

/** Previous and Next, with the page numbers or "page 2 of 17". */
export function Pagination({ page, pageCount, onChange, numbered = false }: PaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= (numbered ? 0 : 1)) return null;
  const step = (to: number, className: string, label: string, disabled: boolean) => (
    <button type="button" className={className} disabled={disabled} onClick={() => onChange(to)}>
      {label}
    </button>
  );
  const previous = step(page - 1, 'pagination-previous', t('apartments.previous'), page <= 0);
  const next = step(page + 1, 'pagination-next', t('apartments.next'), page >= pageCount - 1);
  return (
    <nav className="pagination is-centered mt-5" aria-label={t('apartments.pages')}>
      {previous}
      {!numbered && (
        <span className="pagination-list" aria-live="polite">
          {t('pages.pageOf', { page: formatNumber(page + 1), count: formatNumber(pageCount) })}
        </span>
      )}
      {next}
      {numbered && (
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
      )}
    </nav>
  );
}
