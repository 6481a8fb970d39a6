import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maintenanceCategories, maintenanceStatuses } from '@building/events/catalogue';
import { MAINTENANCE_PAGE_SIZE } from '@building/events/read-models/maintenance';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { Select } from '../../../components/select.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useMaintenanceQueue, type QueueFilters } from '../api/get-maintenance-queue.ts';
import '../components/maintenance.css';
import { RequestCard } from '../components/request-card.tsx';
import { TriageForm } from '../components/triage-form.tsx';

/** The admins' maintenance queue: filtered by status, category and block, ten a page, live. */
export default function MaintenanceQueueRoute() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<QueueFilters>({
    status: 'active',
    category: '',
    block: '',
    page: 0,
  });
  const queue = useMaintenanceQueue(filters);
  const set = (change: Partial<QueueFilters>) => setFilters((f) => ({ ...f, page: 0, ...change }));
  const pages = Math.max(1, Math.ceil((queue.data?.total ?? 0) / MAINTENANCE_PAGE_SIZE));

  return (
    <DashboardPage id="maintenance-queue-title" title={t('maintenance.queueTitle')}>
      <div className="columns is-multiline">
        <LabelledField label={t('maintenance.status')} className="column is-narrow field">
          {(id) => (
            <Select
              id={id}
              value={filters.status}
              options={[
                { value: 'active', label: t('maintenance.active') },
                ...maintenanceStatuses.map((s) => ({ value: s, label: t(`maintenance.statuses.${s}`) })),
              ]}
              onChange={(value) => set({ status: value as QueueFilters['status'] })}
            >
              <option value="">{t('maintenance.allStatuses')}</option>
            </Select>
          )}
        </LabelledField>
        <LabelledField label={t('maintenance.category')} className="column is-narrow field">
          {(id) => (
            <Select
              id={id}
              value={filters.category}
              options={maintenanceCategories.map((c) => ({
                value: c,
                label: t(`maintenance.categories.${c}`),
              }))}
              onChange={(value) => set({ category: value as QueueFilters['category'] })}
            >
              <option value="">{t('maintenance.allCategories')}</option>
            </Select>
          )}
        </LabelledField>
        <LabelledField label={t('maintenance.block')} className="column is-narrow field">
          {(id) => (
            <input
              id={id}
              className="input"
              type="text"
              maxLength={10}
              placeholder={t('maintenance.allBlocks')}
              value={filters.block}
              onChange={(e) => set({ block: e.target.value.trim().toUpperCase() })}
            />
          )}
        </LabelledField>
      </div>
      <QueryStatus what={t('maintenance.what')} query={queue}>
        <h2 className="title is-5">
          {t('maintenance.total', { count: queue.data?.total ?? 0, n: formatNumber(queue.data?.total ?? 0) })}
        </h2>
        {queue.data?.result.length === 0 ? (
          <p>{t('maintenance.noneMatching')}</p>
        ) : (
          <div className="maintenance-list">
            {queue.data?.result.map((request) => (
              <RequestCard key={request._id} request={request} showMember>
                <TriageForm key={`${request.status}-${request.scheduledFor}`} request={request} />
              </RequestCard>
            ))}
          </div>
        )}
        {pages > 1 && (
          <nav
            className="level is-mobile mt-4"
            aria-label={t('maintenance.page', { page: filters.page + 1, pages })}
          >
            <button
              type="button"
              className="button level-left"
              disabled={filters.page === 0}
              onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
            >
              {t('maintenance.previous')}
            </button>
            <span>
              {t('maintenance.page', { page: formatNumber(filters.page + 1), pages: formatNumber(pages) })}
            </span>
            <button
              type="button"
              className="button level-right"
              disabled={filters.page + 1 >= pages}
              onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
            >
              {t('maintenance.next')}
            </button>
          </nav>
        )}
      </QueryStatus>
    </DashboardPage>
  );
}
