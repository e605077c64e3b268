import { Writable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * Query parameters whose values never reach a log line: game tokens, one-time codes,
 * OAuth codes and states. Logs are read by more people than the players' sessions are.
 */
const SECRET_PARAM = /token|session|code|state|secret|password|key|signature/i;

/** The request's path with the values of secret-looking query parameters replaced. */
export function loggableUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const params = new URLSearchParams(url.slice(mark + 1));
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAM.test(name)) params.set(name, '[hidden]');
  }
  const query = params.toString().replaceAll('%5Bhidden%5D', '[hidden]');
  return `${url.slice(0, mark)}${query ? `?${query}` : ''}`;
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const LEVEL_COLOURS: Record<number, string> = { 40: '\u001b[33m', 50: '\u001b[31m', 60: '\u001b[31m' };
/** pino's own fields, and what a development line shows in its own way. */
const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err', 'req', 'res', 'responseTimeMs']);

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  err?: { stack?: string; message?: string };
  [field: string]: unknown;
}

/** One pino JSON record as a line a person reads: time, level, sentence, then any details. */
export function readableLine(json: string, colour: boolean): string {
  let record: LogRecord;
  try {
    record = JSON.parse(json) as LogRecord;
  } catch {
    return `${json}\n`;
  }
  const time = new Date(record.time ?? Date.now()).toTimeString().slice(0, 8);
  const level = record.level ?? 30;
  const name = (LEVEL_NAMES[level] ?? 'LOG').padEnd(5);
  const shownLevel = colour && LEVEL_COLOURS[level] ? `${LEVEL_COLOURS[level]}${name}\u001b[0m` : name;
  const details = Object.entries(record)
    .filter(([key, value]) => !OMITTED.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  let line = `${time} ${shownLevel} ${record.msg ?? ''}${details.length > 0 ? ` (${details.join(', ')})` : ''}`;
  if (record.err) line += `\n${record.err.stack ?? record.err.message ?? JSON.stringify(record.err)}`;
  return `${line}\n`;
}

/** A destination for pino that writes readable lines instead of JSON. */
function readableStream(output: NodeJS.WriteStream): Writable {
  const colour = Boolean(output.isTTY);
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const json of chunk.toString('utf8').split('\n')) {
        if (json.trim()) output.write(readableLine(json, colour));
      }
      done();
    },
  });
}

/**
 * Fastify's logger: JSON lines in production (LOG_FORMAT=json), readable lines elsewhere
 * (LOG_FORMAT=pretty). Either way one line per request, written when it completes.
 */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(config.logFormat === 'pretty' ? { stream: readableStream(process.stdout) } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: loggableUrl(request.url) }),
    },
  };
}

/** Levels at which the request line is written. */
const INFO_OR_LOWER = new Set(['info', 'debug', 'trace']);

/** The one line each request logs (Fastify's own two are switched off). */
export function registerRequestLogging(server: FastifyInstance, format: Config['logFormat']): void {
  server.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    // Below the level (LOG_LEVEL=warn…) the line is not built at all.
    if (!INFO_OR_LOWER.has(request.log.level)) return done();
    const responseTimeMs = Math.round(reply.elapsedTime * 10) / 10;
    const url = loggableUrl(request.url);
    if (format === 'pretty') {
      request.log.info(`${request.method} ${url} ${reply.statusCode} ${responseTimeMs} ms`);
    } else {
      request.log.info({ req: request, res: { statusCode: reply.statusCode }, responseTimeMs }, 'request completed');
    }
    done();
  });
}
