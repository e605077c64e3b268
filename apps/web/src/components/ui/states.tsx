// The loading, empty and error states under their former module name, for the callers not
// yet switched to the one-component modules (Skeleton, EmptyState, ErrorState).
export { EmptyState } from './EmptyState';
export { ErrorState } from './ErrorState';
export { TextSkeleton } from './Skeleton';
