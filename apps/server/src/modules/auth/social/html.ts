import { endpointPath, signInEndpoints } from '@croupier/contract';

/**
 * The few server-rendered pages of social sign-in (the Telegram widget page and the
 * development sandboxes). Every value is escaped; pages carry no inline script or style,
 * so the site's Content-Security-Policy holds.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"'`]/g, (char) => ESCAPES[char] ?? char);
}

/** The stylesheet of these pages (served at PAGE_CSS_PATH). */
export const PAGE_CSS_PATH = endpointPath(signInEndpoints.socialPageStyles);

export const PAGE_CSS = `
:root { color-scheme: dark; --bg: #0f1420; --panel: #1a2233; --text: #e8ecf4; --muted: #9aa6bd;
  --accent: #f5b931; --line: #2c3850; --danger: #ff6b6b; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--text); padding: 1rem; }
main { width: 100%; max-width: 26rem; background: var(--panel); border: 1px solid var(--line); border-radius: 12px; padding: 1.5rem; }
h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
p { color: var(--muted); margin: .25rem 0 1rem; line-height: 1.4; }
.badge { display: inline-block; font-size: .75rem; text-transform: uppercase; letter-spacing: .06em; color: #10131a; background: var(--accent); border-radius: 999px; padding: .15rem .6rem; margin-bottom: .75rem; }
label { display: block; font-size: .875rem; margin: .75rem 0 .25rem; }
input[type=text], input[type=email] { width: 100%; padding: .6rem .7rem; border-radius: 8px; border: 1px solid var(--line); background: var(--bg); color: var(--text); font: inherit; }
.check { display: flex; gap: .5rem; align-items: center; margin-top: 1rem; }
.check input { width: 1.1rem; height: 1.1rem; }
.actions { display: flex; gap: .75rem; margin-top: 1.25rem; }
button, .button { flex: 1; padding: .7rem 1rem; border-radius: 8px; border: 1px solid var(--line); background: transparent; color: var(--text); font: inherit; cursor: pointer; text-align: center; text-decoration: none; }
button.primary { background: var(--accent); border-color: var(--accent); color: #10131a; font-weight: 600; }
.meta { font-size: .75rem; color: var(--muted); word-break: break-all; margin-top: 1rem; }
.error { color: var(--danger); }
.widget { display: flex; justify-content: center; min-height: 48px; margin: 1rem 0; }
`;

export function htmlPage(options: { title: string; body: string; lang?: string }): string {
  return `<!doctype html>
<html lang="${escapeHtml(options.lang ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="${PAGE_CSS_PATH}">
</head>
<body>
<main>
${options.body}
</main>
</body>
</html>
`;
}

/** Hidden form fields carrying values through a form post. */
export function hiddenFields(values: Readonly<Record<string, string | undefined>>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}
