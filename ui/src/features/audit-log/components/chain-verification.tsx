import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import type { AuditLog } from '../api/get-audit-log.ts';

/** The hash-chain check, said plainly and prominently: intact, or where it breaks. */
export function ChainVerification({ verification }: { verification: AuditLog['verification'] }) {
  const { t } = useTranslation();
  const counts = { events: formatNumber(verification.events), streams: formatNumber(verification.streams) };
  if (verification.ok) {
    return (
      <div className="notification is-success" role="status" aria-label={t('pages.verification')}>
        <p className="title is-5">{t('pages.verified')}</p>
        <p>{t('pages.verifiedText', counts)}</p>
      </div>
    );
  }
  const broken = verification.broken;
  return (
    <div className="notification is-danger" role="alert" aria-label={t('pages.verification')}>
      <p className="title is-5">{t('pages.broken')}</p>
      <p>
        {broken
          ? t('pages.brokenAt', { stream: broken.stream, version: broken.version, reason: broken.reason })
          : t('pages.failedVerification')}{' '}
        {t('pages.checked', counts)}
      </p>
    </div>
  );
}
