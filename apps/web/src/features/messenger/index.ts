/**
 * The messenger: the header's bell with its unread badge and popover, and the page
 * `/profile/notifications` (a lazy route entry the router loads directly).
 */
export { NotificationsBell } from './NotificationsBell';
