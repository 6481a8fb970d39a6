import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../components/query-status.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatShortDate } from '../../../lib/format.ts';
import { useResidents, type Resident } from '../../../lib/residents.ts';

/** Finds a resident's lease by name, email or apartment; a pick names the lease, ended ones marked. */
export function ResidentSearch({ onPick }: { onPick: (lease: Resident) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const found = useResidents(asked ?? '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAsked(typed.trim());
  };
  return (
    <div className="box">
      <form onSubmit={onSubmit} role="search" aria-label={t('desk.findResident')}>
        <TextField
          label={t('desk.findResident')}
          hint={t('desk.findHint')}
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="button is-info">
          {t('desk.find')}
        </button>
      </form>
      {asked !== null && (
        <QueryStatus what={t('desk.residentsWhat')} query={found}>
          {found.data?.length === 0 ? (
            <p className="mt-3">{t('desk.noneFound')}</p>
          ) : (
            <ul className="mt-3" aria-label={t('desk.found')}>
              {found.data?.map((lease) => (
                <li key={`${lease.email}-${lease.si}-${lease.startedAt}`} className="mb-2">
                  <button
                    type="button"
                    className="button is-light is-fullwidth resident-pick"
                    onClick={() => onPick(lease)}
                  >
                    <span>
                      <strong>{lease.apartment}</strong> · <span translate="no">{lease.name}</span> ·{' '}
                      {lease.email}
                      {lease.endedAt &&
                        ` · ${t('desk.leaseEnded', { date: formatShortDate(lease.endedAt) })}`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </QueryStatus>
      )}
    </div>
  );
}
