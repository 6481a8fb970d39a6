import type { AuditLog } from '../api/get-audit-log.ts';

/** The hash-chain check, said plainly and prominently: intact, or where it breaks. */
export function ChainVerification({ verification }: { verification: AuditLog['verification'] }) {
  if (verification.ok) {
    return (
      <div className="notification is-success" role="status" aria-label="Hash chain verification">
        <p className="title is-5">Hash chains verified</p>
        <p>
          {verification.events} events in {verification.streams} streams: every event links to the one before
          it.
        </p>
      </div>
    );
  }
  const broken = verification.broken;
  return (
    <div className="notification is-danger" role="alert" aria-label="Hash chain verification">
      <p className="title is-5">Hash chain broken</p>
      <p>
        {broken
          ? `Stream ${broken.stream}, version ${broken.version}: ${broken.reason}.`
          : 'The log failed verification.'}{' '}
        Checked {verification.events} events in {verification.streams} streams.
      </p>
    </div>
  );
}
