/**
 * The single error catalogue shared by server and web (summary: docs/api.md, Errors).
 * Codes that the reference platform (docs/README.md) defines (5, 10003, 11xxx, 13100,
 * 14xxx) keep their numbers so that a client written for it reacts correctly; the 1xxx
 * codes are Croupier's own generic codes.
 */
export const errorCatalogue = {
  // Generic platform errors
  BAD_REQUEST: { code: 1000, status: 400, message: 'The request is malformed.' },
  VALIDATION_FAILED: { code: 1001, status: 422, message: 'Some fields are invalid.' },
  UNAUTHENTICATED: { code: 1002, status: 401, message: 'Authentication is required.' },
  FORBIDDEN: { code: 1003, status: 403, message: 'You may not do this.' },
  NOT_FOUND: { code: 1004, status: 404, message: 'Not found.' },
  CONFLICT: { code: 1005, status: 409, message: 'The request conflicts with the current state.' },
  IDEMPOTENCY_MISMATCH: {
    code: 1006,
    status: 409,
    message: 'This idempotency key was already used with different parameters.',
  },
  RATE_LIMITED: { code: 1007, status: 429, message: 'Too many requests. Try again later.' },
  PAYLOAD_TOO_LARGE: { code: 1008, status: 413, message: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { code: 1009, status: 415, message: 'Unsupported content type.' },
  METHOD_NOT_ALLOWED: { code: 1010, status: 405, message: 'Method not allowed.' },
  INTERNAL: { code: 1500, status: 500, message: 'Something went wrong on our side.' },
  SERVICE_UNAVAILABLE: { code: 1503, status: 503, message: 'The service is temporarily unavailable.' },

  // Codes of the reference platform (numbers are part of the public contract)
  ATTEMPT_LIMIT: { code: 5, status: 400, message: 'Too many attempts. Try again later.' },
  WHEEL_SPINS_EXPIRED: { code: 10003, status: 400, message: 'Your spins have expired.' },
  SOCIAL_EMAIL_NOT_VERIFIED: {
    code: 11001,
    status: 400,
    message: 'The social account has no verified e-mail address.',
  },
  ACCOUNT_BLOCKED: { code: 11002, status: 403, message: 'The account is blocked.' },
  // The player closed the account (docs/player-protection.md, "Account information and closure")
  ACCOUNT_CLOSED: { code: 11007, status: 403, message: 'This account is closed.' },
  OTP_INVALID: { code: 11003, status: 400, message: 'The code is invalid.' },
  OTP_SEND_LIMIT: { code: 11005, status: 429, message: 'The limit of codes sent has been reached.' },
  // Croupier's own player errors (11xxx, after the reference platform's)
  AUTH_GEO_RESTRICTED: {
    code: 11006,
    status: 451,
    message: 'Sign-in and registration are not available in your country.',
  },
  DEPOSIT_LIMIT_REACHED: { code: 13100, status: 400, message: 'Your deposit limit has been reached.' },
  // Croupier's own wallet errors (13xxx, after the reference platform's 13100)
  INSUFFICIENT_FUNDS: { code: 13201, status: 400, message: 'The balance is too low for this operation.' },
  // Payments: a profile with status 2 (limited deposits) or 4 (self-excluded) may not deposit (limitedDeposit)
  DEPOSITS_LIMITED: { code: 13202, status: 400, message: 'Deposits are not available for this account.' },
  // A provider's webhook with a bad or stale signature (never a player's call)
  PAYMENT_WEBHOOK_REJECTED: { code: 13210, status: 401, message: 'The webhook signature is invalid.' },
  // The payment provider could not be reached or refused to start the payment
  PAYMENT_PROVIDER_FAILED: { code: 13211, status: 502, message: 'The payment provider is not available. Try again.' },
  // Identity verification (KYC): a withdrawal or the deposits above a configured threshold need a verified identity
  IDENTITY_VERIFICATION_REQUIRED: {
    code: 13220,
    status: 400,
    message: 'Verify your identity to continue: this amount needs a verified identity.',
  },
  // A verification provider's webhook with a bad signature (never a player's call)
  VERIFICATION_WEBHOOK_REJECTED: { code: 13221, status: 401, message: 'The webhook signature is invalid.' },
  GAME_LIMIT_BET: { code: 14100, status: 400, message: 'Your bet limit has been reached.' },
  GAME_LIMIT_LOSS: { code: 14101, status: 400, message: 'Your loss limit has been reached.' },
  GAME_PLAYER_LIMITED: { code: 14103, status: 400, message: 'Real-money play is not available for this account.' },
  GAME_LIMIT_SELF_EXCLUSION: {
    code: 14105,
    status: 400,
    message: 'Play is paused by a self-exclusion or cooling-off limit.',
  },
  // Reality checks and session time (docs/player-protection.md, "Reality checks and session time")
  GAME_REALITY_CHECK: {
    code: 14106,
    status: 400,
    message: 'Time for a reality check: review your session to continue playing.',
  },
  GAME_SESSION_TIME_LIMIT: { code: 14107, status: 400, message: 'Your session time limit has been reached.' },
  GAME_BETS_RESTRICTED: { code: 14306, status: 400, message: 'Bets are restricted for this game.' },
  GAME_GEO_RESTRICTED: { code: 14308, status: 400, message: 'This game is not available in your country.' },
  // Croupier's own bonus errors (15xxx)
  BONUS_NOT_AVAILABLE: { code: 15001, status: 409, message: 'This bonus is not available any more.' },
  BONUS_CANCEL_LOCKED: {
    code: 15002,
    status: 409,
    message: 'The active bonus is being wagered and cannot be cancelled or replaced.',
  },
  // Croupier's own prize-wheel errors (161xx, docs/wheels.md)
  WHEEL_NO_SPINS: { code: 16101, status: 409, message: 'You have no spins on this wheel.' },
  WHEEL_SPIN_LIMIT: { code: 16102, status: 409, message: 'The spin limit of this period is reached.' },
  WHEEL_NOT_ACTIVE: { code: 16103, status: 409, message: 'This wheel is not running now.' },
  // Croupier's own sportsbook errors (17xxx, docs/sportsbook.md)
  SPORTSBOOK_MARKET_SUSPENDED: {
    code: 17001,
    status: 409,
    message: 'A selection is not available now: its market is suspended or closed.',
  },
  SPORTSBOOK_ODDS_CHANGED: { code: 17002, status: 409, message: 'The odds have changed. Check the new odds.' },
  SPORTSBOOK_STAKE_TOO_LOW: { code: 17003, status: 400, message: 'The stake is below the minimum.' },
  SPORTSBOOK_STAKE_TOO_HIGH: { code: 17004, status: 400, message: 'The stake is above the maximum.' },
  SPORTSBOOK_LIABILITY_LIMIT: {
    code: 17005,
    status: 409,
    message: 'This bet is more than we can take on this event now. Try a lower stake.',
  },
  SPORTSBOOK_INVALID_SLIP: {
    code: 17006,
    status: 400,
    message: 'These selections cannot be combined: an accumulator takes one selection per event.',
  },
  SPORTSBOOK_CASH_OUT_UNAVAILABLE: { code: 17007, status: 409, message: 'Cash-out is not available for this bet now.' },
  SPORTSBOOK_CASH_OUT_CHANGED: {
    code: 17008,
    status: 409,
    message: 'The cash-out amount has changed. Check the new amount.',
  },
} as const satisfies Record<string, { code: number; status: number; message: string }>;

export type ErrorName = keyof typeof errorCatalogue;
export type ErrorCode = (typeof errorCatalogue)[ErrorName]['code'];

/** Field errors: a field name mapped to a list of messages (the first is shown). */
export type FieldErrors = Record<string, string[]>;

export interface ErrorBody {
  error: { code: number; message: string; fields?: FieldErrors };
}

const byCode = new Map<number, ErrorName>(
  (Object.keys(errorCatalogue) as ErrorName[]).map((name) => [errorCatalogue[name].code, name]),
);

export function errorNameOf(code: number): ErrorName | undefined {
  return byCode.get(code);
}
