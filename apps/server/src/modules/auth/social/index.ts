import { authSandboxEndpoints, endpointPath, SANDBOX_OIDC_PATH } from '@croupier/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/database';
import { createCodesRepository } from '../codes-repository';
import { createGeoPolicy } from '../geo-policy';
import type { RegistrationSettings } from '../registration';
import { createAuthRepository } from '../repository';
import type { SessionService } from '../sessions';
import { inProcessFetch } from './in-process-fetch';
import { createOidcClient, type OidcClient } from './oidc';
import { createSocialRepository } from './repository';
import { socialRoutes, type SocialContent } from './routes';
import {
  oidcSandboxRoutes,
  SANDBOX_CLIENT_ID,
  SANDBOX_CLIENT_SECRET,
  SANDBOX_TELEGRAM_BOT_TOKEN,
  sandboxIssuer,
  telegramSandboxRoutes,
} from './sandbox';
import { createSocialSignIn } from './service';

export type { SocialSignIn } from './service';

/**
 * Social sign-in: the OIDC broker (AUTH0_*) and Telegram (TELEGRAM_*). Outside
 * production, a provider without settings is replaced by a local sandbox so that the
 * whole redirect flow works offline; in production the sandboxes do not exist.
 */
export async function registerSocialSignIn(
  server: FastifyInstance,
  options: {
    config: Config;
    db: Db;
    sessions: SessionService;
    settings: RegistrationSettings;
    content: SocialContent;
  },
): Promise<void> {
  const { config, db } = options;
  const sandbox = !config.isProduction;
  const issuer = sandboxIssuer(config);

  let oidc: OidcClient | undefined;
  if (config.social.auth0) {
    oidc = createOidcClient({ ...config.social.auth0, fetch, log: server.log });
  } else if (sandbox) {
    oidc = createOidcClient({
      issuerUrl: issuer,
      clientId: SANDBOX_CLIENT_ID,
      clientSecret: SANDBOX_CLIENT_SECRET,
      // The server's calls to the sandbox stay in the process; the browser is sent to a
      // path, which it resolves against the page it is on.
      fetch: inProcessFetch(server, issuer, SANDBOX_OIDC_PATH),
      endpoints: {
        issuer,
        authorizationEndpoint: endpointPath(authSandboxEndpoints.oidcAuthorizePage),
        tokenEndpoint: `${issuer}/token`,
        jwksUri: `${issuer}/jwks`,
      },
      log: server.log,
    });
  }
  const telegramBotToken = config.social.telegramBotToken ?? (sandbox ? SANDBOX_TELEGRAM_BOT_TOKEN : undefined);

  const repository = createAuthRepository(db);
  const codes = createCodesRepository(db);
  const social = createSocialSignIn({
    repository: createSocialRepository(db),
    sessions: options.sessions,
    geo: createGeoPolicy(options.settings),
    settings: options.settings,
    isSelfExcluded: (match) => codes.isSelfExcluded(match),
    recordLoginSuccess: (playerId) => repository.recordLoginSuccess(playerId),
    enabled: config.features.socialAuth,
    oidc,
    telegram:
      config.features.telegram && telegramBotToken
        ? { botToken: telegramBotToken, maxAgeSeconds: config.social.telegramAuthMaxAgeSeconds }
        : undefined,
    log: server.log,
  });

  await server.register(socialRoutes, {
    social,
    config,
    content: options.content,
    telegramMode: config.social.telegramBotToken ? 'widget' : 'sandbox',
  });
  if (sandbox) {
    await server.register(oidcSandboxRoutes, { config, issuer });
    if (telegramBotToken) await server.register(telegramSandboxRoutes, { config, botToken: telegramBotToken });
  }
}
