import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { authSandboxEndpoints, endpointPath, SANDBOX_OIDC_PATH } from '@croupier/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { Config } from '../../../config';
import { route } from '../../../http/endpoint';
import { randomToken, sha256Hex } from '../crypto';
import { escapeHtml, hiddenFields, htmlPage } from './html';
import { signTelegramLogin } from './telegram';

/**
 * Development sandboxes of the identity providers, registered outside production only:
 * - an OpenID Connect issuer under /api/dev/oidc (discovery, keys, an authorization page
 *   where the tester types the identity, a token endpoint with PKCE), standing in for
 *   the broker when AUTH0_* is unset;
 * - a Telegram login page under /api/dev/telegram/login that signs the identity typed in
 *   with the bot token and goes to the auth URL, as Telegram's widget does.
 * They sign in anyone as anyone: never expose them.
 */

export const SANDBOX_CLIENT_ID = 'croupier-sandbox';
export const SANDBOX_CLIENT_SECRET = 'croupier-sandbox-secret';
/** Signs the sandbox's Telegram logins when TELEGRAM_BOT_TOKEN is unset (never in production). */
export const SANDBOX_TELEGRAM_BOT_TOKEN = '1000000001:croupier-sandbox-telegram-bot-token';

const CODE_TTL_MS = 60_000;
const ID_TOKEN_TTL = '5m';
const CALLBACK_PATH = /^\/auth\/social\/[A-Za-z0-9_-]{1,64}\/callback$/;

/** The sandbox issuer's identifier: the site's address plus the sandbox path. */
export function sandboxIssuer(config: Pick<Config, 'siteUrl'>): string {
  return `${config.siteUrl}${SANDBOX_OIDC_PATH}`;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  expiresAt: number;
}

/** Form posts (the sandbox pages and the token endpoint) as flat string records. */
function acceptForms(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    },
  );
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** The pages' forms post back to where they were served from. */
const AUTHORIZE_PATH = endpointPath(authSandboxEndpoints.oidcAuthorize);
const TELEGRAM_LOGIN_PATH = endpointPath(authSandboxEndpoints.telegramLogin);

export const oidcSandboxRoutes: FastifyPluginAsyncZod<{ config: Config; issuer: string }> = async (
  app,
  { config, issuer },
) => {
  acceptForms(app);
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = randomToken(8);
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();

  /** Registered redirect URIs: the web app's callback page on the site's one origin (never the Host header's). */
  function redirectAllowed(redirectUri: string): boolean {
    const url = new URL(redirectUri);
    return (
      CALLBACK_PATH.test(url.pathname) &&
      url.origin === new URL(config.siteUrl).origin &&
      url.search === '' &&
      url.hash === ''
    );
  }

  function withQuery(base: string, query: Record<string, string>): string {
    const url = new URL(base);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url.toString();
  }

  route(app, authSandboxEndpoints.oidcDiscovery, { hide: true }, async (_request, reply) =>
    reply.send({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      scopes_supported: ['openid', 'email', 'profile'],
      claims_supported: ['sub', 'email', 'email_verified', 'name', 'nickname', 'nonce'],
    }),
  );

  route(app, authSandboxEndpoints.oidcKeys, { hide: true }, async (_request, reply) =>
    reply.send({ keys: [publicJwk] }),
  );

  route(app, authSandboxEndpoints.oidcAuthorizePage, { hide: true }, async (request, reply) => {
    const query = request.query;
    if (query.client_id !== SANDBOX_CLIENT_ID || !redirectAllowed(query.redirect_uri)) {
      return sendHtml(
        reply,
        400,
        htmlPage({
          title: 'Sandbox sign-in',
          body: `<h1>Unknown client or redirect URI</h1><p class="error">${escapeHtml(query.redirect_uri)}</p>`,
        }),
      );
    }
    const body = `
<span class="badge">Sandbox</span>
<h1>Sign in with ${escapeHtml(query.connection)}</h1>
<p>A local stand-in for the identity provider. Type the identity it should report.</p>
<form method="post" action="${AUTHORIZE_PATH}">
${hiddenFields({ ...query })}
<label for="email">E-mail</label>
<input id="email" name="email" type="email" required maxlength="254" autocomplete="off" placeholder="player@example.com">
<label for="name">Name</label>
<input id="name" name="name" type="text" maxlength="100" autocomplete="off" placeholder="Ada Lovelace">
<label class="check"><input id="email_verified" name="email_verified" type="checkbox" value="on" checked> E-mail verified</label>
<label for="subject">Provider user id (optional)</label>
<input id="subject" name="subject" type="text" maxlength="200" autocomplete="off" placeholder="derived from the e-mail">
<div class="actions">
<button type="submit" name="action" value="deny">Cancel</button>
<button type="submit" name="action" value="allow" class="primary">Continue</button>
</div>
</form>
<p class="meta">Returns to ${escapeHtml(query.redirect_uri)}</p>`;
    return sendHtml(reply, 200, htmlPage({ title: 'Sandbox sign-in', body }));
  });

  route(app, authSandboxEndpoints.oidcAuthorize, { hide: true }, async (request, reply) => {
    const form = request.body;
    if (form.client_id !== SANDBOX_CLIENT_ID || !redirectAllowed(form.redirect_uri)) {
      return sendHtml(reply, 400, htmlPage({ title: 'Sandbox sign-in', body: '<h1>Unknown client</h1>' }));
    }
    if (form.action === 'deny') {
      return reply.redirect(withQuery(form.redirect_uri, { error: 'access_denied', state: form.state }), 302);
    }
    const email = form.email ?? '';
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
      return sendHtml(reply, 422, htmlPage({ title: 'Sandbox sign-in', body: '<h1>Type an e-mail address</h1>' }));
    }
    const now = Date.now();
    for (const [key, issued] of codes) if (issued.expiresAt <= now) codes.delete(key);
    const code = randomToken(32);
    codes.set(code, {
      clientId: form.client_id,
      redirectUri: form.redirect_uri,
      codeChallenge: form.code_challenge,
      nonce: form.nonce,
      // Stable per connection and address, shaped like a broker's ids ('google-oauth2|…').
      subject: form.subject || `${form.connection}|sandbox-${sha256Hex(email.toLowerCase()).slice(0, 20)}`,
      email,
      emailVerified: form.email_verified === 'on',
      name: form.name || null,
      expiresAt: now + CODE_TTL_MS,
    });
    return reply.redirect(withQuery(form.redirect_uri, { code, state: form.state }), 302);
  });

  route(app, authSandboxEndpoints.oidcToken, { hide: true }, async (request, reply) => {
    const form = request.body;
    let clientId = form.client_id;
    let clientSecret = form.client_secret;
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (basic) {
      const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      clientId = decodeURIComponent(id);
      clientSecret = decodeURIComponent(secret);
    }
    const secretOk =
      clientSecret !== undefined &&
      clientSecret.length === SANDBOX_CLIENT_SECRET.length &&
      timingSafeEqual(Buffer.from(clientSecret), Buffer.from(SANDBOX_CLIENT_SECRET));
    if (clientId !== SANDBOX_CLIENT_ID || !secretOk) return reply.status(401).send({ error: 'invalid_client' });

    const issued = codes.get(form.code);
    codes.delete(form.code);
    const challenge = createHash('sha256').update(form.code_verifier, 'ascii').digest('base64url');
    if (
      !issued ||
      issued.expiresAt <= Date.now() ||
      issued.clientId !== clientId ||
      issued.redirectUri !== form.redirect_uri ||
      issued.codeChallenge !== challenge
    ) {
      return reply.status(400).send({ error: 'invalid_grant' });
    }
    const idToken = await new SignJWT({
      nonce: issued.nonce,
      email: issued.email,
      email_verified: issued.emailVerified,
      nickname: issued.email.slice(0, issued.email.indexOf('@')),
      ...(issued.name ? { name: issued.name, given_name: issued.name.split(/\s+/)[0] } : {}),
    })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuer(issuer)
      .setAudience(clientId)
      .setSubject(issued.subject)
      .setIssuedAt()
      .setExpirationTime(ID_TOKEN_TTL)
      .sign(privateKey);
    return reply
      .header('cache-control', 'no-store')
      .send({ access_token: randomToken(32), token_type: 'Bearer', expires_in: 300, id_token: idToken });
  });
};

export const telegramSandboxRoutes: FastifyPluginAsyncZod<{ config: Config; botToken: string }> = async (
  app,
  { config, botToken },
) => {
  acceptForms(app);
  const telegram = config.features.telegram;

  function notConfigured(reply: FastifyReply): FastifyReply {
    return sendHtml(
      reply,
      404,
      htmlPage({
        title: 'Telegram sandbox',
        body: '<h1>Telegram is off</h1><p>Set TELEGRAM_BOT and TELEGRAM_AUTH_URL to use the Telegram sandbox.</p>',
      }),
    );
  }

  route(app, authSandboxEndpoints.telegramLoginPage, { hide: true }, async (_request, reply) => {
    if (!telegram) return notConfigured(reply);
    const body = `
<span class="badge">Sandbox</span>
<h1>Log in to ${escapeHtml(telegram.bot)} with Telegram</h1>
<p>A local stand-in for Telegram's login widget. The data is signed with the bot token and sent to the auth URL.</p>
<form method="post" action="${TELEGRAM_LOGIN_PATH}">
<label for="id">Telegram user id</label>
<input id="id" name="id" type="text" inputmode="numeric" pattern="[1-9][0-9]{0,14}" required value="${randomInt(100_000_000, 999_999_999)}">
<label for="first_name">First name</label>
<input id="first_name" name="first_name" type="text" required maxlength="64" autocomplete="off" placeholder="Ada">
<label for="last_name">Last name</label>
<input id="last_name" name="last_name" type="text" maxlength="64" autocomplete="off">
<label for="username">Username</label>
<input id="username" name="username" type="text" maxlength="32" pattern="[A-Za-z0-9_]+" autocomplete="off">
<div class="actions">
<a class="button" href="/">Cancel</a>
<button type="submit" class="primary">Log in</button>
</div>
</form>
<p class="meta">Auth URL: ${escapeHtml(telegram.authUrl)}</p>`;
    return sendHtml(reply, 200, htmlPage({ title: 'Telegram sandbox', body }));
  });

  route(app, authSandboxEndpoints.telegramLogin, { hide: true }, async (request, reply) => {
    if (!telegram) return notConfigured(reply);
    const form = request.body;
    const fields: Record<string, string> = {
      id: form.id,
      first_name: form.first_name,
      auth_date: String(Math.floor(Date.now() / 1000)),
    };
    if (form.last_name) fields.last_name = form.last_name;
    if (form.username) fields.username = form.username;
    const target = new URL(telegram.authUrl, `${config.siteUrl}/`);
    for (const [key, value] of Object.entries(signTelegramLogin(fields, botToken))) {
      target.searchParams.set(key, value);
    }
    return reply.redirect(target.toString(), 302);
  });
};
