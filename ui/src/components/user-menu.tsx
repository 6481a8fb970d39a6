import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SessionUser } from '../lib/auth.tsx';
import { useLogOut } from '../lib/use-log-out.ts';
import { Avatar } from './avatar.tsx';
import { useDismiss } from './use-dismiss.ts';

/** The avatar dropdown: display name, Dashboard and Logout. */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const logOut = useLogOut();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const name = user.displayName || user.email;

  const close = useCallback((viaKeyboard: boolean) => {
    setOpen(false);
    if (viaKeyboard) trigger.current?.focus();
  }, []);
  useDismiss(root, open, close);

  const onLogout = () => {
    setOpen(false);
    return logOut();
  };

  return (
    <div ref={root} className={`navbar-item has-dropdown${open ? ' is-active' : ''}`}>
      <button
        ref={trigger}
        type="button"
        className="navbar-link is-arrowless user-menu-trigger"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('nav.accountMenu', { name })}
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar name={name} photoURL={user.photoURL} />
      </button>
      <div id={menuId} className="navbar-dropdown is-right" hidden={!open}>
        <p className="navbar-item has-text-weight-semibold user-menu-name">{name}</p>
        <hr className="navbar-divider" />
        <Link href="/dashboard" className="navbar-item" onClick={() => setOpen(false)}>
          {t('nav.dashboard')}
        </Link>
        <button type="button" className="navbar-item user-menu-logout" onClick={onLogout}>
          {t('nav.logout')}
        </button>
      </div>
    </div>
  );
}
