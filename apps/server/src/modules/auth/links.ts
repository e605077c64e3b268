import type { Config } from '../../config';

/**
 * Links sent by e-mail. They point at PUBLIC_URL (required in production): never at the
 * request's Host header, which an attacker could set to receive someone's reset code.
 * Without PUBLIC_URL (development) they point at this server's port.
 */
export function createLinks(config: Pick<Config, 'publicUrl' | 'port'>) {
  const base = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
  return {
    /** The web app's e-mail confirmation page; it calls POST /api/player/register/confirm. */
    emailConfirmation: (code: string) => `${base}/verify/${code}`,
    /** The web app's password reset page; it calls POST /api/player/passwords/confirm. */
    passwordReset: (code: string) => `${base}/password/reset/${code}`,
  };
}

export type Links = ReturnType<typeof createLinks>;
