import { type AuthResponse, type EndpointBody, signInEndpoints } from '@croupier/contract';
import { call } from '../../../lib/api';

type SocialSignInBody = EndpointBody<typeof signInEndpoints.socialSignIn>;

/**
 * `POST /api/player/sessions/social`: the provider's callback parameters as the query,
 * the rest as the body. Unlike the other calls it sends the same-origin cookies: the
 * server's HttpOnly sign-in cookie proves that this browser started the sign-in.
 */
export function completeSocialSignIn(query: Record<string, string>, body: SocialSignInBody): Promise<AuthResponse> {
  return call(signInEndpoints.socialSignIn, { query, body, credentials: 'same-origin' });
}
