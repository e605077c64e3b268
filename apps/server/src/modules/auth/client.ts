import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { clientIp, visitorCountry } from '../../http/geo';

/** Where a sign-in or a code request comes from: stored with sessions, codes and accounts. */
export interface ClientContext {
  ip: string;
  /** The visitor's country from the edge header (or the development override). */
  country: string | null;
  userAgent: string;
  deviceType: 'desktop' | 'mobile';
  /** The `Accept-Language` header: the language of messages sent before an account exists. */
  acceptLanguage?: string | undefined;
}

/** Longer user agents are cut: they are kept for the player's sessions list only. */
const USER_AGENT_MAX_CHARS = 512;
const IP_MAX_CHARS = 64;
const ACCEPT_LANGUAGE_MAX_CHARS = 256;

/**
 * 'mobile' for phones and tablets (the sessions list shows a phone icon for anything but
 * 'desktop'), by the usual user-agent tokens.
 */
export function deviceTypeOf(userAgent: string): 'desktop' | 'mobile' {
  return /Mobi|Android|iPhone|iPad|iPod|Windows Phone|Opera Mini|BlackBerry|Tablet|Silk\//i.test(userAgent)
    ? 'mobile'
    : 'desktop';
}

export function clientContext(request: FastifyRequest, config: Config): ClientContext {
  const rawAgent: unknown = request.headers['user-agent'];
  const firstAgent: unknown = Array.isArray(rawAgent) ? rawAgent[0] : rawAgent;
  const userAgent = typeof firstAgent === 'string' ? firstAgent.slice(0, USER_AGENT_MAX_CHARS) : '';
  return {
    ip: clientIp(request, config).slice(0, IP_MAX_CHARS),
    country: visitorCountry(request, config),
    userAgent,
    deviceType: deviceTypeOf(userAgent),
    acceptLanguage: request.headers['accept-language']?.slice(0, ACCEPT_LANGUAGE_MAX_CHARS),
  };
}
