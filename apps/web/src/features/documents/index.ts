/**
 * Player documents (`/profile/documents`). The page is a lazy route entry that the router
 * loads directly; nothing here is needed by the first load.
 */
export { useDocuments } from './api';
