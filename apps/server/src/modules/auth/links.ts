import type { Config } from '../../config';

/**
 * Links sent by e-mail. They point at PUBLIC_URL (required in production): never at the
 * request's Host header, which an attacker could set to receive someone's reset code.
 * Without PUBLIC_URL (development) they point at the address the server listens on, the
 * one its start banner prints.
 */
export function createLinks(config: Pick<Config, 'siteUrl'>) {
  // Read at each call: with PORT=0 the address is known only once the server listens.
  return {
    /** The web app's e-mail confirmation page; it calls POST /api/player/register/confirm. */
    emailConfirmation: (code: string) => `${config.siteUrl}/verify/${code}`,
    /** The web app's password reset page; it calls POST /api/player/passwords/confirm. */
    passwordReset: (code: string) => `${config.siteUrl}/password/reset/${code}`,
    /** The home page with the sign-in modal open. */
    signIn: () => `${config.siteUrl}/?sign-in`,
    /** The home page with the forgot-password modal open. */
    forgotPassword: () => `${config.siteUrl}/?forgot-pass`,
  };
}

export type Links = ReturnType<typeof createLinks>;
