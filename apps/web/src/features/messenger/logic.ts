import type { MessengerMessage } from '@croupier/contract';

export const UNREAD = 1;

export const isUnread = (message: MessengerMessage) => message.state === UNREAD;

/** A link starting with `http` leaves the site (a new tab); any other is a page of the site. */
export function isExternalLink(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** The badge's text: the count, capped so that it fits the bell. */
export function badgeText(totalUnread: number): string | null {
  if (totalUnread <= 0) return null;
  return totalUnread > 99 ? '99+' : String(totalUnread);
}

/**
 * The page to show after a deletion: the same one, or the one before when the deleted
 * message was the last on the last page.
 */
export function pageAfterDelete(page: number, itemsOnPage: number): number {
  return itemsOnPage <= 1 && page > 1 ? page - 1 : page;
}
