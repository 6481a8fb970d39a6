import { useTranslation } from 'react-i18next';
import { useAuth } from '../lib/auth.tsx';
import { Avatar } from './avatar.tsx';

/** The signed-in user's photo, name and email, at the top of each dashboard profile. */
export function ProfileCard({ role }: { role: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  const name = user.displayName || user.email;
  return (
    <section className="box profile-card" aria-label={t('pages.profile')}>
      <div className="media is-align-items-center">
        <div className="media-left">
          <Avatar name={name} photoURL={user.photoURL} size={96} />
        </div>
        <div className="media-content">
          <p className="title is-4" translate="no">
            {name}
          </p>
          <p className="subtitle is-6 mb-2" translate="no">
            {user.email}
          </p>
          <span className="tag is-info is-light">{role}</span>
        </div>
      </div>
    </section>
  );
}
