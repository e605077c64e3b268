import type { FieldErrors } from '@croupier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

/** C0 controls except tab, line feed and carriage return (free text may hold those). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
  }
  return false;
}

/** Far above the deepest request shape; a JSON body may otherwise be nested ~500k levels. */
export const MAX_INPUT_DEPTH = 32;

type Part = 'params' | 'querystring' | 'body';

/** The first problem of one part of the request, as a field path and a message; null when clean. */
function firstProblem(value: unknown, part: Part): { path: string; message: string } | null {
  // Iterative: the depth of a hostile body must not become the depth of our stack.
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (pending.length > 0) {
    const next = pending.pop();
    if (!next) break;
    const where = next.path || part;
    if (typeof next.value === 'string') {
      if (hasControlCharacter(next.value)) return { path: where, message: 'Control characters are not allowed.' };
      continue;
    }
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth >= MAX_INPUT_DEPTH) return { path: where, message: 'The value is nested too deeply.' };
    for (const [key, child] of Object.entries(next.value)) {
      if (hasControlCharacter(key)) return { path: where, message: 'Control characters are not allowed.' };
      pending.push({ value: child, path: next.path ? `${next.path}.${key}` : key, depth: next.depth + 1 });
    }
  }
  return null;
}

function check(request: FastifyRequest): void {
  const parts: [Part, unknown][] = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ];
  for (const [part, value] of parts) {
    const problem = firstProblem(value, part);
    if (!problem) continue;
    const fields: FieldErrors = { [problem.path]: [problem.message] };
    throw AppError.validation(fields, `Invalid ${part}.`);
  }
}

/**
 * Refuses, before schema validation, request input that no field of the API can use:
 * strings (values or keys) with C0 control characters other than tab, line feed and
 * carriage return, and values nested deeper than any request shape. PostgreSQL cannot
 * store NUL in text or jsonb, so such a string would otherwise fail its query with a 500
 * on whichever route stores or looks it up first; deep nesting costs recursion further
 * on. One hook covers path parameters, the query and the JSON body of every route;
 * register it before the routes' plugins so that every encapsulated context inherits it.
 */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => check(request));
}
