import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { en } from '../../../i18n/en.ts';
import { formatDateTime, formatDigits, formatRooms, formatTaka } from '../../../lib/format.ts';

/** A field the catalogue does not know, spelt out: 'userEmail' -> 'User email', 'rentPoisha' -> 'Rent'. */
const spelt = (key: string) => {
  const words = key
    .replace(/Poisha$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The field's label in the reader's language; a key this build does not know is spelt out as it is. */
const labelOf = (key: string, t: TFunction) =>
  Object.hasOwn(en.eventFields, key) ? t(`eventFields.${key}`) : spelt(key);

const isoTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;

/** A value as a reader would write it: money in taka, moments in Dhaka time, lists joined. */
function readable(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (key.endsWith('Poisha') && typeof value === 'number') return formatTaka(value / 100);
  if (key === 'rent' && typeof value === 'number') return formatTaka(value);
  if (key === 'room' && typeof value === 'string') return formatRooms(value);
  if (typeof value === 'number') return formatDigits(value);
  if (typeof value === 'string' && isoTime.test(value)) return formatDateTime(value);
  if (Array.isArray(value)) return value.map((item) => readable('', item)).join(', ') || '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** An event's data as labelled fields, with the raw JSON one click away. */
export function EventData({ data, label }: { data: unknown; label?: string }) {
  const { t } = useTranslation();
  const fields = data && typeof data === 'object' && !Array.isArray(data) ? Object.entries(data) : [];
  return (
    <div className="event-data">
      {fields.length > 0 && (
        <dl className="event-fields" aria-label={label}>
          {fields.map(([key, value]) => (
            <div key={key}>
              <dt>{labelOf(key, t)}</dt>
              <dd translate={key === 'room' ? undefined : 'no'}>{readable(key, value)}</dd>
            </div>
          ))}
        </dl>
      )}
      <details>
        <summary>{t('pages.rawJson')}</summary>
        <pre className="audit-data">{JSON.stringify(data, null, 2)}</pre>
      </details>
    </div>
  );
}
