import { useTranslation } from 'react-i18next';
import type { MaintenanceStatus } from '@building/events/read-models/maintenance';

const colours: Record<MaintenanceStatus, string> = {
  open: 'is-warning',
  acknowledged: 'is-info',
  scheduled: 'is-link',
  'in-progress': 'is-primary',
  done: 'is-success',
  declined: 'is-danger',
};

/** A request's status in the reader's language. */
export function StatusTag({ status }: { status: MaintenanceStatus }) {
  const { t } = useTranslation();
  return <span className={`tag ${colours[status]} is-light`}>{t(`maintenance.statuses.${status}`)}</span>;
}
