// The page header under its former module name, for callers not yet switched to ui/PageHeader.
export { PageHeader } from './ui/PageHeader';
