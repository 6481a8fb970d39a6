import { useTranslation } from 'react-i18next';
import type { Resident } from '../../../lib/residents.ts';

/** The lease the desk is working on, with a way back to the search. */
export function PickedLease({ lease, onClear }: { lease: Resident; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="notification is-info is-light">
      <p>
        <strong>{lease.apartment}</strong> · <span translate="no">{lease.name}</span> · {lease.email}
      </p>
      <button type="button" className="button is-small mt-2" onClick={onClear}>
        {t('desk.another')}
      </button>
    </div>
  );
}
