import './admin-profile.css';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { ProfileCard } from '../../../components/profile-card.tsx';
import { percentOf, useApartmentStats, type ApartmentStats } from '../api/get-apartment-stats.ts';

function StatTiles({ stats }: { stats: ApartmentStats }) {
  const tiles = [
    { label: 'Total Rooms', value: String(stats.total) },
    { label: 'Available Rooms', value: percentOf(stats.available, stats.total) },
    { label: 'Booked Rooms', value: percentOf(stats.booked, stats.total) },
    { label: 'Users', value: String(stats.user) },
    { label: 'Members', value: String(stats.member) },
  ];
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

/** The admin's profile and the building at a glance. */
export default function AdminProfileRoute() {
  const stats = useApartmentStats();
  return (
    <DashboardPage id="admin-profile-title" title="Admin Profile">
      <ProfileCard role="Admin" />
      <h2 className="title is-4 mt-5">Building Statistics</h2>
      {stats.isPending ? (
        <p role="status">Loading...</p>
      ) : stats.isError ? (
        <p className="notification is-danger is-light" role="alert">
          Error loading data
        </p>
      ) : stats.data === null ? (
        <p className="notification is-warning is-light" role="alert">
          Data is missing or has an unexpected structure
        </p>
      ) : (
        <StatTiles stats={stats.data} />
      )}
    </DashboardPage>
  );
}
