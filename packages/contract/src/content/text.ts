import type { ContentTree, ContentValue } from './schemas';

/**
 * A content text by key with `{name}` values filled in: the web's `t`, or a server's
 * reading of the same tree (`contentTextOf`).
 */
export type TextOf = (key: string, values?: Record<string, string | number>) => string;

/** Reads texts of a content group's tree; a missing text reads as its key, as the web shows it. */
export function contentTextOf(tree: ContentTree): TextOf {
  return (key, values = {}) => {
    let node: ContentValue | undefined = tree;
    for (const part of key.split('.')) {
      node = typeof node === 'object' && node !== null && !Array.isArray(node) ? node[part] : undefined;
    }
    if (typeof node !== 'string') return key;
    return node.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}
