import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import './audit-log.css';
import { useCallback, useMemo, useState } from 'react';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { Select } from '../../../components/select.tsx';
import { auditCategories, useAuditLog, type AuditCategory, type AuditEvent } from '../api/get-audit-log.ts';
import { en } from '../../../i18n/en.ts';
import { formatDateTime, formatDigits } from '../../../lib/format.ts';
import { ChainVerification } from '../components/chain-verification.tsx';
import { EventData } from '../components/event-data.tsx';

/** Who acted: an email and their role in the reader's words, the system, or an operator's import. */
const actorName = (actor: AuditEvent['actor'], t: TFunction) =>
  typeof actor === 'string'
    ? actor === 'system'
      ? t('pages.system')
      : actor === 'import'
        ? t('pages.importActor')
        : actor
    : `${actor.email} (${Object.hasOwn(roleWords, actor.role) ? t(roleWords[actor.role]!) : actor.role})`;
const roleWords: Record<string, string> = {
  admin: 'pages.roleAdmin',
  member: 'pages.roleMember',
  user: 'pages.roleUser',
};

/** The event is of the chosen type, and the text is in it (its type's name as shown included). */
function matches(event: AuditEvent, type: string, text: string, typeName: string, t: TFunction): boolean {
  if (type && event.type !== type) return false;
  if (!text) return true;
  const haystack = `${event.stream} ${event.type} ${typeName} ${actorName(event.actor, t)} ${JSON.stringify(event.data)}`;
  return haystack.toLowerCase().includes(text.toLowerCase());
}

/** The agreement and payment logs as auditors replay them, with the tamper check up front. */
export default function AuditLogRoute() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<AuditCategory>('agreements');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [type, setType] = useState('');
  const [text, setText] = useState('');
  const log = useAuditLog({ category, from, to });
  // A type this build does not know keeps its name.
  const typeName = useCallback(
    (name: string) => (Object.hasOwn(en.eventTypes, name) ? t(`eventTypes.${name}`) : name),
    [t],
  );

  const types = useMemo(() => [...new Set(log.data?.events.map((e) => e.type))].sort(), [log.data]);
  const shown = useMemo(
    () => log.data?.events.filter((e) => matches(e, type, text, typeName(e.type), t)) ?? [],
    [log.data, type, text, typeName, t],
  );

  return (
    <DashboardPage id="audit-log-title" title={t('pages.auditLog')}>
      <div className="columns is-multiline audit-filters">
        <LabelledField label={t('pages.category')} className="column is-narrow field">
          {(id) => (
            <Select
              id={id}
              value={category}
              options={auditCategories.map((value) => ({ value, label: t(`auditCategories.${value}`) }))}
              onChange={(value) => {
                setCategory(value as AuditCategory);
                setType('');
              }}
            />
          )}
        </LabelledField>
        <LabelledField label={t('pages.from')} className="column is-narrow field">
          {(id) => (
            <input
              id={id}
              className="input"
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          )}
        </LabelledField>
        <LabelledField label={t('pages.to')} className="column is-narrow field">
          {(id) => (
            <input id={id} className="input" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          )}
        </LabelledField>
        <LabelledField label={t('pages.eventType')} className="column is-narrow field">
          {(id) => (
            <Select
              id={id}
              value={type}
              options={types.map((value) => ({ value, label: typeName(value) }))}
              onChange={setType}
            >
              <option value="">{t('pages.allTypes')}</option>
            </Select>
          )}
        </LabelledField>
        <LabelledField label={t('pages.searchLabel')} className="column field">
          {(id) => (
            <input
              id={id}
              className="input"
              type="search"
              placeholder={t('pages.searchPlaceholder')}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </LabelledField>
      </div>
      <QueryStatus what={t('pages.auditWhat')} query={log}>
        {log.data && <ChainVerification verification={log.data.verification} />}
        <DataTable
          rows={shown}
          empty={t('pages.noEvents')}
          numbered={false}
          className="is-narrow audit-table"
          caption={t('pages.events')}
          columns={[
            t('pages.position'),
            t('pages.timeDhaka'),
            t('pages.stream'),
            t('pages.version'),
            t('pages.type'),
            t('pages.actor'),
          ]}
          rowKey={(event) => event.position}
          cells={(event) => (
            <>
              <td>{formatDigits(event.position)}</td>
              <td>{formatDateTime(event.occurredAt)}</td>
              <td translate="no">{event.stream}</td>
              <td>{formatDigits(event.version)}</td>
              <td>{typeName(event.type)}</td>
              <td>{actorName(event.actor, t)}</td>
            </>
          )}
          details={(event) => <EventData data={event.data} label={t('pages.data')} />}
        />
      </QueryStatus>
    </DashboardPage>
  );
}
