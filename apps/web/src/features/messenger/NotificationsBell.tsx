import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../lib/app-settings';
import { useDismiss } from '../../lib/dismiss';
import { POPOVER_SIZE, useMessages, useReadAllMessages, useReadMessage } from './api';
import { badgeText } from './logic';
import { MessageItem } from './MessageItem';
import './messenger.css';

/**
 * The signed-in header's bell: the unread count as a badge (live: `message.received`
 * updates the cached page) and a popover of the newest messages with "Mark all as read"
 * and a link to `/profile/notifications`. Escape or a click elsewhere closes it.
 */
export function NotificationsBell() {
  const { t } = useTranslation('layout');
  const { localePath } = useLocale();
  const [open, setOpen] = useState(false);
  const messages = useMessages(1, POPOVER_SIZE);
  const readOne = useReadMessage();
  const readAll = useReadAllMessages();
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const totalUnread = messages.data?.meta.totalUnread ?? 0;
  const badge = badgeText(totalUnread);
  const items = (messages.data?.data ?? []).slice(0, POPOVER_SIZE);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, root, button);

  return (
    <div className="messenger-bell" ref={root}>
      <button
        ref={button}
        type="button"
        className="messenger-bell__button"
        aria-label={
          totalUnread > 0 ? t('header.notifications.open', { count: totalUnread }) : t('header.notifications.openNone')
        }
        aria-expanded={open}
        aria-controls={`${id}-popover`}
        onClick={() => setOpen(!open)}
        data-testid="messenger-bell"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {badge ? (
          <span className="messenger-bell__badge" aria-hidden="true" data-testid="messenger-badge">
            {badge}
          </span>
        ) : null}
      </button>
      <div
        id={`${id}-popover`}
        className="messenger-popover"
        hidden={!open}
        role="region"
        aria-label={t('header.notifications.title')}
      >
        <div className="messenger-popover__head">
          <h2 className="messenger-popover__title">{t('header.notifications.title')}</h2>
          {totalUnread > 0 ? (
            <button
              type="button"
              className="messenger-link-button"
              onClick={() => readAll.mutate()}
              disabled={readAll.isPending}
            >
              {t('header.notifications.markAllRead')}
            </button>
          ) : null}
        </div>
        {messages.isPending ? (
          <p className="messenger-popover__state" role="status">
            {t('header.notifications.loading')}
          </p>
        ) : items.length === 0 ? (
          <p className="messenger-popover__state">{t('header.notifications.empty')}</p>
        ) : (
          <div className="messenger-popover__list">
            {items.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                unreadLabel={t('header.notifications.unread')}
                onOpen={(messageId) => readOne.mutate(messageId)}
                onNavigate={close}
              />
            ))}
          </div>
        )}
        <Link className="messenger-popover__all" to={localePath('/profile/notifications')} onClick={close}>
          {t('header.notifications.viewAll')}
        </Link>
      </div>
    </div>
  );
}
