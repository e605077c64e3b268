/**
 * Query-string parser for the platform's conventions: bracket arrays (`a[]=1&a[]=2`),
 * repeated keys as arrays, and a bare key (`?key`) meaning "no value" (dropped).
 */
export function parseQueryString(input: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  if (!input) return result;
  for (const part of input.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    if (eq === -1) continue; // bare key: no value
    let key = safeDecode(part.slice(0, eq));
    const value = safeDecode(part.slice(eq + 1));
    const isArray = key.endsWith('[]');
    if (isArray) key = key.slice(0, -2);
    if (!key || key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const existing = result[key];
    if (existing === undefined) result[key] = isArray ? [value] : value;
    else if (Array.isArray(existing)) existing.push(value);
    else result[key] = [existing, value];
  }
  return result;
}

function safeDecode(text: string): string {
  // Most keys and values are plain (ids, numbers, codes): nothing to decode.
  if (!text.includes('%') && !text.includes('+')) return text;
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
