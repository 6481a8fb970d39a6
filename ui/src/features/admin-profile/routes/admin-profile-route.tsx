import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { maintenanceStatuses } from '@building/events/catalogue';
import { formatNumber, formatTaka, formatYear } from '../../../lib/format.ts';
import { formatRecordedMonth } from '../../../lib/recorded-month.ts';
import { useOverdueRent, type OverdueRent } from '../../../lib/overdue-rent.ts';
import './admin-profile.css';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { ProfileCard } from '../../../components/profile-card.tsx';
import { useApartmentStats, type ApartmentStats } from '../api/get-apartment-stats.ts';
import { useMonthRent, type MonthRent } from '../api/get-month-rent.ts';

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

/** This month's rent in taka: owed, collected, overdue (all months), and who owes past the 5th. */
function rentTiles(t: TFunction, rent: MonthRent | undefined, overdue: OverdueRent | undefined) {
  const month = rent && `${formatRecordedMonth(rent.month)} ${formatYear(rent.year)}`;
  return [
    ...(rent
      ? [
          { label: t('buildingMoney.rentDue', { month }), value: formatTaka(rent.duePoisha / 100) },
          { label: t('buildingMoney.collected', { month }), value: formatTaka(rent.collectedPoisha / 100) },
          { label: t('ledger.overdueAmount'), value: formatTaka(rent.overduePoisha / 100) },
        ]
      : []),
    // The list is on the Overdue Rent page.
    ...(overdue ? [{ label: t('ledger.overdueMembers'), value: formatNumber(overdue.members) }] : []),
  ];
}

function StatTiles({
  stats,
  rent,
  overdue,
}: {
  stats: ApartmentStats;
  rent: MonthRent | undefined;
  overdue: OverdueRent | undefined;
}) {
  const { t } = useTranslation();
  const tiles = [
    // Flats, not percentages: what an office counts and lets.
    { label: t('pages.totalRooms'), value: formatNumber(stats.total) },
    { label: t('pages.availableRooms'), value: formatNumber(stats.available) },
    { label: t('pages.bookedRooms'), value: formatNumber(stats.booked) },
    { label: t('pages.users'), value: formatNumber(stats.user) },
    { label: t('pages.members'), value: formatNumber(stats.member) },
  ];
  const money = rentTiles(t, rent, overdue);
  const requests = maintenanceStatuses.map((status) => ({
    label: t(`maintenance.statuses.${status}`),
    value: formatNumber(stats.maintenance[status]),
  }));
  return (
    <>
      <Tiles tiles={tiles} />
      {money.length > 0 && (
        <>
          <h3 className="title is-5 mt-4">{t('buildingMoney.title')}</h3>
          <Tiles tiles={money} />
        </>
      )}
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
  const rent = useMonthRent();
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
        <StatTiles stats={stats.data} rent={rent.data} overdue={overdue.data} />
      )}
    </DashboardPage>
  );
}
