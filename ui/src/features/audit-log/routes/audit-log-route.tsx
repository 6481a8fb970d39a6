import './audit-log.css';
import { useId, useMemo, useState } from 'react';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { auditCategories, useAuditLog, type AuditCategory, type AuditEvent } from '../api/get-audit-log.ts';
import { ChainVerification } from '../components/chain-verification.tsx';

const actorName = (actor: AuditEvent['actor']) =>
  typeof actor === 'string' ? actor : `${actor.email} (${actor.role})`;

const utc = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, '');

function matches(event: AuditEvent, type: string, text: string): boolean {
  if (type && event.type !== type) return false;
  if (!text) return true;
  const haystack = `${event.stream} ${event.type} ${actorName(event.actor)} ${JSON.stringify(event.data)}`;
  return haystack.toLowerCase().includes(text.toLowerCase());
}

/** The agreement and payment logs as auditors replay them, with the tamper check up front. */
export default function AuditLogRoute() {
  const [category, setCategory] = useState<AuditCategory>('agreements');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [type, setType] = useState('');
  const [text, setText] = useState('');
  const log = useAuditLog({ category, from, to });
  const ids = { category: useId(), from: useId(), to: useId(), type: useId(), text: useId() };

  const types = useMemo(() => [...new Set(log.data?.events.map((e) => e.type))].sort(), [log.data]);
  const shown = useMemo(
    () => log.data?.events.filter((e) => matches(e, type, text)) ?? [],
    [log.data, type, text],
  );

  return (
    <DashboardPage id="audit-log-title" title="Audit Log">
      <div className="columns is-multiline audit-filters">
        <div className="column is-narrow field">
          <label className="label" htmlFor={ids.category}>
            Category
          </label>
          <div className="select">
            <select
              id={ids.category}
              value={category}
              onChange={(e) => {
                setCategory(e.target.value as AuditCategory);
                setType('');
              }}
            >
              {auditCategories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="column is-narrow field">
          <label className="label" htmlFor={ids.from}>
            From
          </label>
          <input
            id={ids.from}
            className="input"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="column is-narrow field">
          <label className="label" htmlFor={ids.to}>
            To
          </label>
          <input
            id={ids.to}
            className="input"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
        <div className="column is-narrow field">
          <label className="label" htmlFor={ids.type}>
            Event type
          </label>
          <div className="select">
            <select id={ids.type} value={type} onChange={(e) => setType(e.target.value)}>
              <option value="">All types</option>
              {types.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="column field">
          <label className="label" htmlFor={ids.text}>
            Search
          </label>
          <input
            id={ids.text}
            className="input"
            type="search"
            placeholder="Stream, actor or data"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
      </div>
      <QueryStatus what="audit log" query={log}>
        {log.data && <ChainVerification verification={log.data.verification} />}
        <DataTable
          rows={shown}
          empty="No events match."
          numbered={false}
          className="is-narrow audit-table"
          caption="Events"
          columns={['Position', 'Time (UTC)', 'Stream', 'Version', 'Type', 'Actor', 'Data']}
          rowKey={(event) => event.position}
          cells={(event) => (
            <>
              <td>{event.position}</td>
              <td>{utc(event.occurredAt)}</td>
              <td>{event.stream}</td>
              <td>{event.version}</td>
              <td>{event.type}</td>
              <td>{actorName(event.actor)}</td>
              <td>
                <code className="audit-data">{JSON.stringify(event.data)}</code>
              </td>
            </>
          )}
        />
      </QueryStatus>
    </DashboardPage>
  );
}
