import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { errorMessage } from '../lib/error-message.ts';
import { formatDateTime, formatNumber } from '../lib/format.ts';
import { notificationText } from '../lib/notification-text.ts';
import { useMarkNotificationsRead, useNotifications } from '../lib/notifications.ts';
import { useDismiss } from './use-dismiss.ts';

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}

/**
 * The bell in the top bar: the unread count (kept live by the view's change stream), and on a
 * click the newest notifications, with "mark all as read".
 */
export function NotificationBell({ email, className = '' }: { email: string; className?: string }) {
  const { t } = useTranslation();
  const notifications = useNotifications(email);
  const markRead = useMarkNotificationsRead();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback((viaKeyboard: boolean) => {
    setOpen(false);
    if (viaKeyboard) trigger.current?.focus();
  }, []);
  useDismiss(root, open, close);

  const unread = notifications.data?.unread ?? 0;
  const list = notifications.data?.notifications ?? [];
  const onMarkRead = () => {
    const newest = list[0];
    if (!newest) return;
    markRead.mutate(newest.createdAt, {
      onError: (error) => toast.error(`${t('notifications.couldNotMark')}: ${errorMessage(error)}`),
    });
  };

  return (
    <div ref={root} className={`navbar-item notification-bell ${className}`}>
      <button
        ref={trigger}
        type="button"
        className="button is-white notification-bell-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
        onClick={() => setOpen((o) => !o)}
      >
        <BellIcon />
        {unread > 0 ? (
          <span className="notification-count" data-testid="unread-count">
            {formatNumber(unread)}
          </span>
        ) : null}
      </button>
      <section
        id={panelId}
        className="box notification-panel"
        hidden={!open}
        aria-label={t('notifications.title')}
      >
        <div className="notification-panel-head">
          <h2 className="title is-6 mb-0">{t('notifications.title')}</h2>
          <button
            type="button"
            className="button is-small is-text"
            disabled={unread === 0 || markRead.isPending}
            onClick={onMarkRead}
          >
            {t('notifications.markRead')}
          </button>
        </div>
        {notifications.isError ? (
          <p className="has-text-danger">{errorMessage(notifications.error)}</p>
        ) : list.length === 0 ? (
          <p className="notification-quiet">
            {notifications.isPending ? t('common.loading') : t('notifications.empty')}
          </p>
        ) : (
          <ul className="notification-list">
            {list.map((notification) => (
              <li key={notification.id} className={notification.unread ? 'is-unread' : undefined}>
                <p>
                  {notification.unread ? (
                    <span className="is-sr-only">{t('notifications.unread')}: </span>
                  ) : null}
                  {notificationText(t, notification.facts)}
                </p>
                <time dateTime={notification.createdAt} className="is-size-7 notification-quiet">
                  {formatDateTime(notification.createdAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
