import './audit-log.css';
import { useMemo, useState } from 'react';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { Select } from '../../../components/select.tsx';
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

  const types = useMemo(() => [...new Set(log.data?.events.map((e) => e.type))].sort(), [log.data]);
  const shown = useMemo(
    () => log.data?.events.filter((e) => matches(e, type, text)) ?? [],
    [log.data, type, text],
  );

  return (
    <DashboardPage id="audit-log-title" title="Audit Log">
      <div className="columns is-multiline audit-filters">
        <LabelledField label="Category" className="column is-narrow field">
          {(id) => (
            <Select
              id={id}
              value={category}
              options={auditCategories}
              onChange={(value) => {
                setCategory(value as AuditCategory);
                setType('');
              }}
            />
          )}
        </LabelledField>
        <LabelledField label="From" className="column is-narrow field">
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
        <LabelledField label="To" className="column is-narrow field">
          {(id) => (
            <input id={id} className="input" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          )}
        </LabelledField>
        <LabelledField label="Event type" className="column is-narrow field">
          {(id) => (
            <Select id={id} value={type} options={types} onChange={setType}>
              <option value="">All types</option>
            </Select>
          )}
        </LabelledField>
        <LabelledField label="Search" className="column field">
          {(id) => (
            <input
              id={id}
              className="input"
              type="search"
              placeholder="Stream, actor or data"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </LabelledField>
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
