import { PageHead } from './PageHead';

/** The heading block of a page, with its <head> tags. */
export function PageHeader({ title, description }: { title: string; description?: string }) {
  return (
    <header className="page-header">
      <PageHead title={title} />
      <h1 className="page-header__title">{title}</h1>
      {description ? <p className="page-header__description">{description}</p> : null}
    </header>
  );
}
