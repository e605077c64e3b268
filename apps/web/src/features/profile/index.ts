/**
 * The player's profile. The info and security pages are lazy route entries that the router
 * loads directly; this index holds what the layout mounts.
 */
export { InstalledAppReport } from './InstalledAppReport';
