import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { nextMaintenanceStatuses, type TriageStatus } from '@building/events/maintenance-transitions';
import type { MaintenanceRequest } from '@building/events/read-models/maintenance';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { Select } from '../../../components/select.tsx';
import { TextAreaField } from '../../../components/text-area-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useChangeMaintenanceStatus } from '../api/change-maintenance-status.ts';

/** Today in Dhaka (the building's calendar), YYYY-MM-DD: the earliest visit date. */
const buildingToday = () => new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);

/** The admin moves a request on: only to the statuses it may take next; a visit needs its date, a decline its reason. */
export function TriageForm({ request }: { request: MaintenanceRequest }) {
  const { t } = useTranslation();
  const next = nextMaintenanceStatuses[request.status];
  const [status, setStatus] = useState<TriageStatus | ''>(next[0] ?? '');
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const change = useChangeMaintenanceStatus();

  if (next.length === 0) return <p className="maintenance-triage">{t('maintenance.closed')}</p>;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!status) return;
    try {
      await change.mutateAsync({
        id: request._id,
        status,
        ...(status === 'scheduled' && { scheduledFor: date }),
        ...(status === 'declined' && { reason: reason.trim() }),
      });
    } catch (error) {
      toast.error(errorMessage(error, t('maintenance.updateFailed'), { apartment: request.apartment }));
      return;
    }
    toast.success(t('maintenance.updated'));
    setReason('');
  };

  return (
    <form
      className="maintenance-triage"
      onSubmit={onSubmit}
      aria-label={`${t('maintenance.triage')}: ${request.description.slice(0, 40)}`}
    >
      <div className="columns is-multiline is-mobile">
        <LabelledField label={t('maintenance.newStatus')} className="column is-narrow field">
          {(id) => (
            <Select
              id={id}
              value={status}
              options={next.map((s) => ({ value: s, label: t(`maintenance.statuses.${s}`) }))}
              onChange={(value) => setStatus(value as TriageStatus)}
            />
          )}
        </LabelledField>
        {status === 'scheduled' && (
          <LabelledField label={t('maintenance.visitDate')} className="column is-narrow field">
            {(id) => (
              <input
                id={id}
                className="input"
                type="date"
                required
                min={buildingToday()}
                value={date}
                onChange={(e) => setDate(e.target.value)}
              />
            )}
          </LabelledField>
        )}
      </div>
      {status === 'declined' && (
        <TextAreaField
          label={t('maintenance.reason')}
          name="reason"
          rows={2}
          required
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      )}
      <button type="submit" className={`button is-link${change.isPending ? ' is-loading' : ''}`}>
        {t('maintenance.update')}
      </button>
    </form>
  );
}
