import type { ErrorBody } from '@croupier/contract';
import { ApiError, REQUEST_TIMEOUT_MS, toQueryString } from '../../../lib/api';
import type { AuthResponse } from '../types';

export interface SocialSignInBody {
  connection: string;
  provider: string;
  locale: string;
  fingerprint: string;
  affiliateTag?: string;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).error?.code === 'number';
}

/**
 * `POST /api/player/sessions/social`: the provider's callback parameters as the query,
 * the rest as the body. Unlike the generic fetch path it sends the same-origin cookies:
 * the server's HttpOnly sign-in cookie proves that this browser started the sign-in.
 */
export async function completeSocialSignIn(
  query: Record<string, string>,
  body: SocialSignInBody,
): Promise<AuthResponse> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`/api/player/sessions/social${toQueryString(query)}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
      signal: timeout,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiError(0, 0, 'timeout');
    throw error;
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    if (isErrorBody(parsed)) {
      throw new ApiError(response.status, parsed.error.code, parsed.error.message, parsed.error.fields);
    }
    throw new ApiError(response.status, 0, response.statusText);
  }
  return (parsed as { data: AuthResponse }).data;
}
