import { QUERY_MODALS, type ModalDefinition, type ModalName } from './registry';

/** A modal named by the URL query, with the props the query passes to it. */
export interface QueryModalRequest {
  name: ModalName;
  props: Record<string, string>;
  /** Every query key it used; removed from the URL when the modal closes. */
  queryKeys: string[];
}

const OFF_VALUES = new Set(['false', '0']);

function requestFor(definition: ModalDefinition, params: URLSearchParams): QueryModalRequest | null {
  const query = definition.query;
  if (!query || !params.has(query.key)) return null;
  const value = params.get(query.key) ?? '';
  if (query.values ? !query.values.includes(value) : OFF_VALUES.has(value.toLowerCase())) return null;
  const props: Record<string, string> = {};
  if (query.valueProp) props[query.valueProp] = value;
  const queryKeys = [query.key];
  for (const param of query.params ?? []) {
    const paramValue = params.get(param);
    if (paramValue !== null) {
      props[param] = paramValue;
      queryKeys.push(param);
    }
  }
  return { name: definition.name, props, queryKeys };
}

/**
 * The modals the URL query asks for, in the order their keys appear in the URL:
 * `?sign-up=true`, `?wallet=deposit` (prop `tab`), `?reset-pass=true&resetCode=abc`
 * (prop `resetCode`).
 */
export function modalsFromQuery(params: URLSearchParams): QueryModalRequest[] {
  const order = [...params.keys()];
  return QUERY_MODALS.map((definition) => requestFor(definition, params))
    .filter((request): request is QueryModalRequest => request !== null)
    .sort((a, b) => order.indexOf(a.queryKeys[0] ?? '') - order.indexOf(b.queryKeys[0] ?? ''));
}

/** The query without the given keys, or null when none of them is present. */
export function withoutQueryKeys(params: URLSearchParams, keys: readonly string[]): URLSearchParams | null {
  if (!keys.some((key) => params.has(key))) return null;
  const next = new URLSearchParams(params);
  for (const key of keys) next.delete(key);
  return next;
}
