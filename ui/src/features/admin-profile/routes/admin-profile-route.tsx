import { useTranslation } from 'react-i18next';
import { maintenanceStatuses } from '@building/events/catalogue';
import { formatNumber, formatTaka } from '../../../lib/format.ts';
import { useOverdueRent, type OverdueRent } from '../../../lib/overdue-rent.ts';
import './admin-profile.css';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { ProfileCard } from '../../../components/profile-card.tsx';
import { useApartmentStats, type ApartmentStats } from '../api/get-apartment-stats.ts';

function Tiles({ tiles }: { tiles: Array<{ label: string; value: string }> }) {
  return (
    <dl className="stat-tiles">
      {tiles.map((tile) => (
        <div key={tile.label} className="box stat-tile">
          <dt className="heading">{tile.label}</dt>
          <dd className="title is-3">{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function StatTiles({ stats, overdue }: { stats: ApartmentStats; overdue: OverdueRent | undefined }) {
  const { t } = useTranslation();
  const tiles = [
    // Flats, not percentages: what an office counts and lets.
    { label: t('pages.totalRooms'), value: formatNumber(stats.total) },
    { label: t('pages.availableRooms'), value: formatNumber(stats.available) },
    { label: t('pages.bookedRooms'), value: formatNumber(stats.booked) },
    { label: t('pages.users'), value: formatNumber(stats.user) },
    { label: t('pages.members'), value: formatNumber(stats.member) },
    // Who owes rent past the 5th: shown once known (the list is on the Overdue Rent page).
    ...(overdue
      ? [
          { label: t('ledger.overdueMembers'), value: formatNumber(overdue.members) },
          { label: t('ledger.overdueAmount'), value: formatTaka(overdue.amountPoisha / 100) },
        ]
      : []),
  ];
  const requests = maintenanceStatuses.map((status) => ({
    label: t(`maintenance.statuses.${status}`),
    value: formatNumber(stats.maintenance[status]),
  }));
  return (
    <>
      <Tiles tiles={tiles} />
      <h3 className="title is-5 mt-4">{t('maintenance.statistics')}</h3>
      <Tiles tiles={requests} />
    </>
  );
}

/** The admin's profile and the building at a glance. */
export default function AdminProfileRoute() {
  const { t } = useTranslation();
  const stats = useApartmentStats();
  const overdue = useOverdueRent();
  return (
    <DashboardPage id="admin-profile-title" title={t('pages.adminProfile')}>
      <ProfileCard role={t('pages.roleAdmin')} />
      <h2 className="title is-4 mt-5">{t('pages.statistics')}</h2>
      {stats.isPending ? (
        <p role="status">{t('pages.statsLoading')}</p>
      ) : stats.isError ? (
        <p className="notification is-danger is-light" role="alert">
          {t('pages.statsError')}
        </p>
      ) : stats.data === null ? (
        <p className="notification is-warning is-light" role="alert">
          {t('pages.statsMissing')}
        </p>
      ) : (
        <StatTiles stats={stats.data} overdue={overdue.data} />
      )}
    </DashboardPage>
  );
}
