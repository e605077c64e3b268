import type { Page } from '@croupier/contract';
import type { ReactNode } from 'react';
import { Markdown } from './Markdown';

/**
 * A content page: title, summary, `beforeBody` (the welcome package's current terms), Markdown
 * body and, on FAQ pages, an accordion.
 */
export function ContentArticle({
  page,
  localePath,
  beforeBody,
}: {
  page: Page;
  localePath: (path: string) => string;
  beforeBody?: ReactNode;
}) {
  return (
    <article className="article" lang={page.locale}>
      <header className="article__header">
        <h1>{page.title}</h1>
        {page.description ? <p className="article__lead">{page.description}</p> : null}
      </header>
      {beforeBody}
      {page.body ? <Markdown localePath={localePath}>{page.body}</Markdown> : null}
      {page.items.length > 0 ? (
        <div className="faq">
          {page.items.map((item) => (
            <details key={item.id} id={item.id} className="faq__item">
              <summary className="faq__question">{item.question}</summary>
              <div className="faq__answer">
                <Markdown localePath={localePath}>{item.answer}</Markdown>
              </div>
            </details>
          ))}
        </div>
      ) : null}
    </article>
  );
}
