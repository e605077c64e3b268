import type { MessengerMessage } from '@croupier/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useLocale } from '../../lib/app-settings';
import { formatDateTime } from '../../lib/format';
import { isExternalLink, isUnread } from './logic';

/**
 * One message as a disclosure: its title and date in a button; opening it shows the body
 * (and its link) and marks it read. Used by the header's popover and the page.
 */
export function MessageItem({
  message,
  unreadLabel,
  onOpen,
  onNavigate,
  actions,
}: {
  message: MessengerMessage;
  unreadLabel: string;
  /** Called when an unread message is opened. */
  onOpen: (id: string) => void;
  /** Called when the message's link is followed (the popover closes). */
  onNavigate?: () => void;
  /** Buttons beside the open message (the page's Delete). */
  actions?: React.ReactNode;
}) {
  const { locale, localePath } = useLocale();
  const [open, setOpen] = useState(false);
  const id = useId();
  const unread = isUnread(message);
  const link = message.content.link;
  const toggle = () => {
    if (!open && unread) onOpen(message.id);
    setOpen(!open);
  };
  return (
    <article className={`messenger-item${unread ? ' messenger-item--unread' : ''}`} data-testid="messenger-item">
      <button
        type="button"
        className="messenger-item__head"
        aria-expanded={open}
        aria-controls={`${id}-body`}
        onClick={toggle}
      >
        {/* Always there (empty when read), so that titles line up. */}
        <span className="messenger-item__dot">
          {unread ? <span className="visually-hidden">{unreadLabel}</span> : null}
        </span>
        <span className="messenger-item__title">{message.content.title}</span>
        <time className="messenger-item__date" dateTime={message.createdAt}>
          {formatDateTime(message.createdAt, locale)}
        </time>
      </button>
      <div id={`${id}-body`} className="messenger-item__body" hidden={!open}>
        <p>{message.content.body}</p>
        {link ? (
          isExternalLink(link.url) ? (
            <a href={link.url} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
              {link.label}
            </a>
          ) : (
            <Link to={localePath(link.url)} onClick={onNavigate}>
              {link.label}
            </Link>
          )
        ) : null}
        {actions ? <div className="messenger-item__actions">{actions}</div> : null}
      </div>
    </article>
  );
}
