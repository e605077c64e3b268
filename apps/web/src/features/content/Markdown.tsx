import type { ComponentProps } from 'react';
import ReactMarkdown from 'react-markdown';
import { Link } from 'react-router';

/**
 * Renders content Markdown without raw HTML (react-markdown never injects HTML). Site
 * links go through the router with the current locale prefix; others open in a new tab.
 */
export function Markdown({ children, localePath }: { children: string; localePath: (path: string) => string }) {
  return (
    <div className="prose">
      <ReactMarkdown
        components={{
          a: ({ href = '', children: label }: ComponentProps<'a'>) =>
            href.startsWith('/') ? (
              <Link to={localePath(href)}>{label}</Link>
            ) : (
              <a href={href} target="_blank" rel="noopener noreferrer">
                {label}
              </a>
            ),
        }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
