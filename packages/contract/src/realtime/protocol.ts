/**
 * Codes of the Centrifuge client protocol (JSON, protocol v2) that the gateway uses.
 * Error codes come in command replies (`{ id, error: { code, message } }`); disconnect
 * codes are websocket close codes. A client reconnects after 3000–3499 and 4000–4499 and
 * stops for good after 3500–3999 and 4500–4999.
 */

export const RealtimeErrorCode = {
  INTERNAL: 100,
  UNAUTHORIZED: 101,
  UNKNOWN_CHANNEL: 102,
  PERMISSION_DENIED: 103,
  METHOD_NOT_FOUND: 104,
  ALREADY_SUBSCRIBED: 105,
  LIMIT_EXCEEDED: 106,
  BAD_REQUEST: 107,
  NOT_AVAILABLE: 108,
  TOKEN_EXPIRED: 109,
} as const;
export type RealtimeErrorCode = (typeof RealtimeErrorCode)[keyof typeof RealtimeErrorCode];

export interface RealtimeDisconnect {
  code: number;
  reason: string;
}

/** Close codes: reasons are short (a close frame's reason must fit in 123 bytes). */
export const RealtimeDisconnects = {
  // The client reconnects.
  SHUTDOWN: { code: 3001, reason: 'shutdown' },
  SERVER_ERROR: { code: 3004, reason: 'internal server error' },
  EXPIRED: { code: 3005, reason: 'connection expired' },
  SLOW: { code: 3008, reason: 'slow' },
  WRITE_ERROR: { code: 3009, reason: 'write error' },
  FORCE_RECONNECT: { code: 3011, reason: 'force reconnect' },
  NO_PONG: { code: 3012, reason: 'no pong' },
  TOO_MANY_REQUESTS: { code: 3013, reason: 'too many requests' },
  // The client does not reconnect.
  INVALID_TOKEN: { code: 3500, reason: 'invalid token' },
  BAD_REQUEST: { code: 3501, reason: 'bad request' },
  STALE: { code: 3502, reason: 'stale' },
  FORCE_NO_RECONNECT: { code: 3503, reason: 'force disconnect' },
  /**
   * The connection's session was closed (logout, a session closed from the sessions list,
   * a password change, a blocked account). An application code in the final range: the
   * web client checks its session (a 401 signs it out) instead of reconnecting as that player.
   */
  SESSION_ENDED: { code: 4501, reason: 'session ended' },
} as const satisfies Record<string, RealtimeDisconnect>;

/** Whether a client should reconnect after this close code (the protocol's rule). */
export function shouldReconnect(code: number): boolean {
  return !((code >= 3500 && code < 4000) || (code >= 4500 && code < 5000));
}
