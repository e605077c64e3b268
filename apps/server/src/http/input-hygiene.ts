import { Transform, type TransformCallback } from 'node:stream';
import { hasControlCharacter, messageFor, type FieldErrors } from '@croupier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

/** Free-text fields may hold tab and line breaks; the schemas of single-line fields refuse them. */
const MULTI_LINE = { multiLine: true };
/** Far above the deepest request shape; a JSON body may otherwise be nested ~500k levels. */
export const MAX_INPUT_DEPTH = 32;

/** The shared rule's text, as the schemas report a control character in a profile field. */
const INVALID = messageFor({ rule: 'invalid' });

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
      if (hasControlCharacter(next.value, MULTI_LINE)) return { path: where, message: INVALID };
      continue;
    }
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth >= MAX_INPUT_DEPTH) return { path: where, message: 'The value is nested too deeply.' };
    for (const [key, child] of Object.entries(next.value)) {
      if (hasControlCharacter(key, MULTI_LINE)) return { path: where, message: INVALID };
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

const [QUOTE, BACKSLASH, OPEN_ARRAY, OPEN_OBJECT, CLOSE_ARRAY, CLOSE_OBJECT] = [0x22, 0x5c, 0x5b, 0x7b, 0x5d, 0x7d];

/**
 * Passes a JSON body through while counting bracket depth outside strings, and fails it
 * once past MAX_INPUT_DEPTH. Parsing a body nested to the body limit costs ~0.4 s of CPU
 * (the parse time of a flat one is ~100 times less), so it is refused before any parser.
 */
function depthGuard(): Transform {
  let depth = 0;
  let inString = false;
  let escaped = false;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      for (const byte of chunk) {
        if (inString) {
          if (escaped) escaped = false;
          else if (byte === BACKSLASH) escaped = true;
          else if (byte === QUOTE) inString = false;
        } else if (byte === QUOTE) inString = true;
        else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
          depth += 1;
          if (depth > MAX_INPUT_DEPTH) {
            callback(AppError.validation({ body: ['The value is nested too deeply.'] }, 'Invalid body.'));
            return;
          }
        } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth -= 1;
      }
      callback(null, chunk);
    },
  });
}

/**
 * Refuses, before schema validation, request input that no field of the API can use:
 * strings (values or keys) with C0 control characters other than tab, line feed and
 * carriage return, and values nested deeper than any request shape. PostgreSQL cannot
 * store NUL in text or jsonb, so such a string would otherwise fail its query with a 500
 * on whichever route stores or looks it up first. Deep JSON is refused while the body
 * streams in, before any of the contexts' parsers. These hooks cover path parameters, the
 * query and the body of every route; register them before the routes' plugins so that
 * every encapsulated context inherits them.
 */
export function registerInputHygiene(app: FastifyInstance): void {
  // Callback-style (a throw is passed on as the request's error): no promise per request.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (!/\bjson\b/i.test(request.headers['content-type'] ?? '')) return done(null, payload);
    const guard = depthGuard();
    payload.on('error', (error) => guard.destroy(error));
    done(null, payload.pipe(guard));
  });
  app.addHook('preValidation', (request, _reply, done) => {
    check(request);
    done();
  });
}
