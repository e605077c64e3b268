import { describe, expect, it } from 'vitest';
import { escapeHtml, findCodes, findLinks, renderOutboxPage } from './page';

describe('dev outbox page', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('finds six-digit codes standing alone, not parts of longer numbers', () => {
    expect(findCodes('123456 is your code. Valid 10 minutes.')).toEqual(['123456']);
    expect(findCodes('Call +4915112345678 or 1234567, code 000042')).toEqual(['000042']);
    expect(findCodes('654321 and again 654321')).toEqual(['654321']);
    expect(findCodes('no code here')).toEqual([]);
  });

  it('finds http(s) links without trailing punctuation, and nothing else', () => {
    expect(
      findLinks(
        'Open http://localhost:3000/password/reset/abc_DEF-1. Or (https://example.com/a?b=1&c=2), javascript:alert(1)',
      ),
    ).toEqual(['http://localhost:3000/password/reset/abc_DEF-1', 'https://example.com/a?b=1&c=2']);
    expect(findLinks('ftp://example.com mailto:a@example.com')).toEqual([]);
  });

  it('renders an empty outbox, and pages with the filter kept', () => {
    const empty = renderOutboxPage({
      messages: [],
      meta: { page: 1, perPage: 50, totalRows: 0, totalPages: 0 },
      filter: {},
    });
    expect(empty).toContain('No messages yet.');
    expect(empty).not.toContain('rel="next"');

    const middle = renderOutboxPage({
      messages: [
        {
          id: '1',
          channel: 'sms',
          to: '4915112345678',
          subject: null,
          text: '123456 is your Croupier code',
          html: null,
          replyTo: null,
          category: 'otp.registration',
          createdAt: '2026-01-02T03:04:05.678Z',
        },
      ],
      meta: { page: 2, perPage: 50, totalRows: 120, totalPages: 3 },
      filter: { channel: 'sms', to: '4915112345678' },
    });
    expect(middle).toContain('<a href="/dev/outbox?channel=sms&amp;to=4915112345678" rel="prev">');
    expect(middle).toContain('<a href="/dev/outbox?channel=sms&amp;to=4915112345678&amp;page=3" rel="next">');
    expect(middle).toContain('120 messages, page 2 of 3');
    expect(middle).toContain('+4915112345678');
    expect(middle).toContain('2026-01-02 03:04:05 UTC');
    expect(middle).toContain('<output class="code" title="Click to select">123456</output>');
  });
});
