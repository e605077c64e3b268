import { Link } from 'react-router';
import './Breadcrumbs.css';

export interface Crumb {
  label: string;
  /** Where the crumb leads; the last crumb (the current page) has none. */
  to?: string;
}

/** The trail from the home page to this one; the last crumb is the current page. */
export function Breadcrumbs({ label, crumbs }: { label: string; crumbs: readonly Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label={label}>
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={`${index}:${crumb.label}`}>
            {crumb.to !== undefined && index < crumbs.length - 1 ? (
              <Link to={crumb.to}>{crumb.label}</Link>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A placeholder bar where the breadcrumbs will be. */
export function BreadcrumbsSkeleton() {
  return <span className="breadcrumbs breadcrumbs--skeleton" aria-hidden="true" />;
}
