import {
  errorCatalogue,
  issueToFailure,
  isRuleName,
  messageFor,
  type ErrorBody,
  type FieldErrors,
} from '@croupier/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isUnstorableText } from '../lib/db-errors';
import { AppError } from '../lib/errors';

/**
 * Turns every thrown value into the wire error shape. Client mistakes become 4xx with a
 * catalogue code; anything unexpected becomes a 500 with no internal detail (the detail
 * goes to the log with the request id).
 */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { spaFallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined } = {},
): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: appError.code, status: appError.status }, appError.message);
    }
    const body: ErrorBody = { error: { code: appError.code, message: appError.message } };
    if (appError.fields) body.error.fields = appError.fields;
    if (appError.retryAfterSeconds !== undefined) void reply.header('retry-after', String(appError.retryAfterSeconds));
    if (appError.status === 429 && reply.getHeader('retry-after') === undefined) void reply.header('retry-after', '60');
    return reply.status(appError.status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const page = options.spaFallback?.(request, reply);
    if (page) return page;
    const body: ErrorBody = {
      error: {
        code: errorCatalogue.NOT_FOUND.code,
        message: `No route for ${request.method} ${request.url.split('?')[0]}`,
      },
    };
    return reply.status(404).send(body);
  });
}

/** The AppError a thrown value answers as (what the handler below sends). */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // The input hook refuses control characters first; this keeps text that slips past it a client error.
  if (isUnstorableText(error)) {
    return AppError.validation({ request: [messageFor({ rule: 'invalid' })] }, 'Invalid request.');
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: FieldErrors = {};
    for (const issue of error.validation) {
      const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'request';
      // Shared rules report a rule name (e.g. `minLength`); turn it into a readable text.
      const message = isRuleName(issue.message)
        ? messageFor(issueToFailure(issue))
        : (issue.message ?? 'Invalid value');
      (fields[key] ??= []).push(message);
    }
    return AppError.validation(fields, `Invalid ${error.validationContext ?? 'request'}.`);
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (status === 429) return new AppError('RATE_LIMITED');
  if (status === 405) return new AppError('METHOD_NOT_ALLOWED');
  if (status === 404) return new AppError('NOT_FOUND');
  if (status >= 400 && status < 500) {
    // Malformed JSON, bad content length and the like: say what, never how we failed.
    const safeMessage = fastifyError.code?.startsWith('FST_ERR_CTP')
      ? 'The request body is not valid JSON.'
      : undefined;
    return new AppError('BAD_REQUEST', safeMessage, undefined, { status: 400 });
  }
  return new AppError('INTERNAL', undefined, undefined, { cause: error });
}
