import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The visitor's country, from the header the edge (CDN or load balancer) sets, or the
 * development override. Unknown or special values (`XX`, `T1` for Tor) give null.
 */
export function visitorCountry(request: FastifyRequest, config: Config): string | null {
  if (config.geo.countryOverride) return config.geo.countryOverride;
  const raw = request.headers[config.geo.countryHeader];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
  if (!value || !/^[A-Z]{2}$/.test(value) || value === 'XX' || value === 'T1') return null;
  return value;
}

/** The client IP from the edge header when behind a trusted proxy, else the socket address. */
export function clientIp(request: FastifyRequest, config: Config): string {
  if (config.trustProxy) {
    const raw = request.headers[config.geo.clientIpHeader];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (value) return value;
  }
  return request.ip;
}
