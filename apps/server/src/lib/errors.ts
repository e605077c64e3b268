import { errorCatalogue, type ErrorName, type FieldErrors } from '@croupier/contract';

/**
 * The one error type of the server. It carries a catalogue name; the HTTP status and
 * the numeric code come from the catalogue in the contract.
 */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  /** For 429s and locks: sent as the Retry-After header. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly errorName: ErrorName,
    message?: string,
    readonly fields?: FieldErrors,
    options?: { cause?: unknown; status?: number; retryAfterSeconds?: number },
  ) {
    const entry = errorCatalogue[errorName];
    super(message ?? entry.message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = entry.code;
    this.status = options?.status ?? entry.status;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  static validation(fields: FieldErrors, message?: string): AppError {
    return new AppError('VALIDATION_FAILED', message, fields);
  }

  static notFound(what = 'Not found.'): AppError {
    return new AppError('NOT_FOUND', what);
  }
}
