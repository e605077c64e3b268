import {
  authSandboxEndpoints,
  type ContentGroup,
  type ContentTree,
  endpointPath,
  signInEndpoints,
} from '@croupier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config';
import { allowEmptyJsonBodies } from '../../../http/empty-json';
import { route } from '../../../http/endpoint';
import { clientContext } from '../client';
import { limitText, rateLimit } from '../routes';
import { escapeHtml, htmlPage, PAGE_CSS } from './html';
import { TELEGRAM, type SocialSignIn } from './service';
import { bindingCookie, newBindingSecret, readBindingSecret } from './state';

/** Per client IP, each route on its own (429, code 1007), like the other sign-in routes. */
export const SOCIAL_RATE_LIMITS = {
  redirect: { max: 30, timeWindowMs: 10 * 60_000 },
  callback: { max: 30, timeWindowMs: 10 * 60_000 },
  signIn: { max: 20, timeWindowMs: 10 * 60_000 },
} as const;

const TELEGRAM_WIDGET_SCRIPT = 'https://telegram.org/js/telegram-widget.js?22';
/** The widget page's own policy: Telegram's script and its login frame, nothing else. */
const TELEGRAM_PAGE_CSP = [
  "default-src 'none'",
  'script-src https://telegram.org',
  'frame-src https://oauth.telegram.org',
  "style-src 'self'",
  "img-src 'self' data: https://telegram.org https://t.me",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** What the pages need of the content service: a group's tree in a locale. */
export interface SocialContent {
  getGroups(
    locale: string | undefined,
    names: readonly ContentGroup[],
  ): Promise<{ locale: string; groups: Partial<Record<ContentGroup, ContentTree>> }>;
}

function textAt(tree: unknown, path: string): string | undefined {
  let node: unknown = tree;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The locale a back route starts with (`%2Fde%2Fcasino` → `de`), if any. */
function localeOfBackRoute(backRoute: string | undefined): string | undefined {
  if (!backRoute) return undefined;
  let path = backRoute;
  try {
    path = decodeURIComponent(backRoute);
  } catch {
    // keep it as it is
  }
  return /^\/([a-z]{2}(?:-[A-Za-z]{2})?)(?:\/|$|\?)/.exec(path)?.[1];
}

/**
 * Social sign-in: the browser redirects to and from the provider, then `POST /api/player/sessions/social`.
 * The redirect routes set the binding cookie (see state.ts); the callback POST is sent
 * with it (`credentials: 'same-origin'`), which is the only cookie this API reads.
 */
export const socialRoutes: FastifyPluginAsyncZod<{
  social: SocialSignIn;
  config: Config;
  content: SocialContent;
  /** Telegram's button: Telegram's real widget, or the development sandbox page. */
  telegramMode: 'widget' | 'sandbox';
}> = async (app, { social, config, content, telegramMode }) => {
  allowEmptyJsonBodies(app);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  /**
   * A fresh binding secret for the flow being started, set on the reply. Never the one
   * the browser sent: a value chosen by someone else (a cookie planted on a sibling
   * domain) would bind the flow to them too. Starting another flow ends the earlier one.
   */
  function bind(request: FastifyRequest, reply: FastifyReply): string {
    const secret = newBindingSecret();
    const secure = config.isProduction || request.protocol === 'https';
    void reply.header('set-cookie', bindingCookie(secret, { secure }));
    return secret;
  }

  route(app, signInEndpoints.socialPageStyles, { hide: true }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(PAGE_CSS),
  );

  route(
    app,
    signInEndpoints.socialBrokerRedirect,
    {
      config: rateLimit(SOCIAL_RATE_LIMITS.redirect),
      tags: ['sessions'],
      summary: 'Starts a social sign-in through the OIDC broker (browser navigation, 302)',
      description:
        '`state`: URL-encoded JSON `{"backRoute": "…"}`; it comes back on the callback with a `flow` key added. ' +
        '`connection`: a broker connection id (e.g. `google-oauth2`). Redirects to the provider with PKCE (S256) ' +
        'and a nonce; the provider returns to `/auth/social/{connection}/callback`. Sets an HttpOnly cookie that ' +
        'binds the sign-in to this browser for 10 minutes. 404 when the broker is not configured. ' +
        limitText(SOCIAL_RATE_LIMITS.redirect),
    },
    async (request, reply) => {
      const location = await social.startBroker({
        connection: request.query.connection,
        clientState: request.query.state,
        // Never the request's Host header: it would let a forged one choose the redirect_uri.
        redirectBase: config.siteUrl,
        bindingSecret: bind(request, reply),
        ip: clientContext(request, config).ip,
      });
      return reply.redirect(location, 302);
    },
  );

  route(
    app,
    signInEndpoints.socialDirectRedirect,
    {
      config: rateLimit(SOCIAL_RATE_LIMITS.redirect),
      tags: ['sessions'],
      summary: 'Starts a direct social sign-in (Telegram)',
      description:
        '`state` as for the broker. Telegram: a page with Telegram’s login widget (the development sandbox page ' +
        'when TELEGRAM_BOT_TOKEN is unset), which ends at the auth URL ' +
        '`/api/player/sessions/social/telegram/callback`. 404 for a provider that is not enabled. ' +
        limitText(SOCIAL_RATE_LIMITS.redirect),
    },
    async (request, reply) => {
      const telegram = config.features.telegram;
      if (request.params.provider !== TELEGRAM || !social.availability.telegram || !telegram) {
        reply.callNotFound();
        return reply;
      }
      const clientState = request.query.state;
      await social.startTelegram({
        clientState,
        bindingSecret: bind(request, reply),
        ip: clientContext(request, config).ip,
      });
      if (telegramMode === 'sandbox') return reply.redirect(endpointPath(authSandboxEndpoints.telegramLoginPage), 302);

      const { locale, groups } = await content.getGroups(localeOfBackRoute(clientState.backRoute), [
        'fields-settings',
        'global-components',
      ]);
      const connections = (groups['fields-settings'] as { socialAuth?: { socialDirectConnections?: unknown } })
        ?.socialAuth?.socialDirectConnections;
      const entry = Array.isArray(connections)
        ? (connections as { id?: unknown; label?: unknown }[]).find((c) => c.id === TELEGRAM)
        : undefined;
      const label = typeof entry?.label === 'string' ? entry.label : 'Telegram';
      const back = textAt(groups['global-components'], 'buttons.back') ?? '←';
      const backHref = clientState.backRoute ? safeBackRoute(clientState.backRoute) : '/';
      const body = `
<h1>${escapeHtml(label)}</h1>
<div class="widget">
<script async src="${TELEGRAM_WIDGET_SCRIPT}" data-telegram-login="${escapeHtml(telegram.bot)}" data-size="large" data-request-access="write" data-auth-url="${escapeHtml(telegram.authUrl)}"></script>
</div>
<div class="actions"><a class="button" href="${escapeHtml(backHref)}">${escapeHtml(back)}</a></div>`;
      return reply
        .header('content-security-policy', TELEGRAM_PAGE_CSP)
        .type('text/html; charset=utf-8')
        .send(htmlPage({ title: label, body, lang: locale }));
    },
  );

  route(
    app,
    signInEndpoints.telegramCallback,
    {
      config: rateLimit(SOCIAL_RATE_LIMITS.callback),
      tags: ['sessions'],
      summary: 'Telegram’s auth URL: checks the login data and returns the browser to the web app',
      description:
        'Browser navigation from Telegram’s widget with `id`, `first_name`, `last_name`, `username`, `photo_url`, ' +
        '`auth_date` and `hash`. Checks the hash (HMAC-SHA-256 under SHA-256 of the bot token) and the age of ' +
        '`auth_date`, attaches the data to the sign-in this browser started, and redirects to ' +
        '`/auth/social/telegram/callback` with the data and `state`, or with `error` alone. ' +
        limitText(SOCIAL_RATE_LIMITS.callback),
    },
    async (request, reply) => {
      if (!social.availability.telegram) {
        reply.callNotFound();
        return reply;
      }
      const query = await social.telegramCallback({
        query: request.query,
        bindingSecret: readBindingSecret(request.headers.cookie),
      });
      const target = new URL('/auth/social/telegram/callback', `${config.siteUrl}/`);
      for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
      return reply.redirect(config.publicUrl ? target.toString() : `${target.pathname}${target.search}`, 302);
    },
  );

  route(
    app,
    signInEndpoints.socialSignIn,
    {
      config: rateLimit(SOCIAL_RATE_LIMITS.signIn),
      tags: ['sessions'],
      summary: 'Completes a social sign-in',
      description:
        'Guest. Query: every parameter the provider put on the callback URL (`code` and `state` for the broker; ' +
        'Telegram’s fields and `state` for Telegram). Body: `connection`, `provider`, `locale`, `fingerprint`, ' +
        '`affiliateTag`. Send it with the cookie set by the redirect route (`credentials: "same-origin"`): the ' +
        'sign-in must be completed by the browser that started it, once, within 10 minutes (else 400). ' +
        'A known identity signs its player in; a new one creates the account (`profile.isNewlyRegistered`). ' +
        'Errors: 400 with code 11001 when the broker reports no verified e-mail; 403 with 11002 for a blocked ' +
        'account; 409 when the e-mail belongs to an account whose address is not confirmed; 401 when the ' +
        'provider’s proof is refused or Telegram’s data is too old; 422 for malformed input; 451 (11006) from a ' +
        'country that blocks sign-in. ' +
        limitText(SOCIAL_RATE_LIMITS.signIn),
    },
    async (request) => ({
      data: await social.complete({
        query: request.query,
        body: request.body,
        bindingSecret: readBindingSecret(request.headers.cookie),
        context: clientContext(request, config),
      }),
    }),
  );
};

/** Only same-site paths are linked back to. */
function safeBackRoute(backRoute: string): string {
  let path = backRoute;
  try {
    path = decodeURIComponent(backRoute);
  } catch {
    return '/';
  }
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/';
}
