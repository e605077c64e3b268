import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot, serverRoot } from './paths';

/**
 * The one place that reads the environment. Every variable is documented in
 * `.env.example`; a bad value stops the process at start with a clear message.
 */

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
  .transform((value) => value.toUpperCase());

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  DATA_DIR: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  REALTIME_PING_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  REALTIME_QUEUE_MAX_BYTES: z.coerce.number().int().min(16_384).default(1_048_576),
  REALTIME_QUEUE_MAX_MESSAGES: z.coerce.number().int().min(10).default(1000),
  SEED_ON_START: bool.default(true),
  SERVE_WEB: bool.default(true),
  WEB_DIST_DIR: z.string().min(1).optional(),
  CONTENT_DIR: z.string().min(1).optional(),
  TRUST_PROXY: bool.default(false),
  GEO_COUNTRY_HEADER: z.string().min(1).default('cf-ipcountry'),
  CLIENT_IP_HEADER: z.string().min(1).default('cf-connecting-ip'),
  GEO_COUNTRY: countryCode.optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_ALLOW_IPS: z.string().default(''),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10000),
  // How often this process looks for due durable jobs; 0: it runs none (another process does).
  JOBS_POLL_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  // How often each process reads the activity stream for its consumers (0: never; tests drain by hand).
  ACTIVITY_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  // How long after a tournament's end its finish runs (rounds played before the end are handled first).
  TOURNAMENT_FINISH_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  // Where tournament leaderboards are read: auto is Redis when REDIS_URL is set, else the database.
  TOURNAMENT_LEADERBOARD: z.enum(['auto', 'database', 'redis']).default('auto'),
  TOURNAMENT_LEADERBOARD_PREFIX: z.string().min(1).default('croupier:tournaments:'),
  // The sportsbook's feed (docs/sportsbook.md, "Running the feed and live updates"): on by
  // default except under NODE_ENV=test; the seed replays the same simulated feed.
  // `sandbox`: a feed driven by its dev endpoints (browser journeys; refused in production).
  SPORTSBOOK_FEED: z.enum(['simulated', 'sandbox', 'off']).optional(),
  SPORTSBOOK_FEED_SEED: z.coerce.number().int().min(0).max(4_294_967_295).default(20_261_126),
  // Real minutes a whole simulated match takes (the feed's speed knob).
  SPORTSBOOK_MATCH_MINUTES: z.coerce.number().min(1).max(1440).default(15),
  // How long a bet with a live selection waits before its prices are checked again and it is taken.
  SPORTSBOOK_LIVE_DELAY_MS: z.coerce.number().int().min(0).max(30_000).default(5_000),
  // The most the house may lose on one event, in major units of the base currency (other
  // currencies by their rate).
  SPORTSBOOK_EVENT_LIABILITY: z.coerce.number().positive().default(50_000),
  // Cash-out offers keep this margin off the fair value, in basis points.
  SPORTSBOOK_CASH_OUT_MARGIN_BP: z.coerce.number().int().min(0).max(5_000).default(500),
  FEATURE_LOYALTY: bool.default(true),
  WALLET_SHOW_FILLED_FIELDS: bool.default(false),
  SPORTSBOOK_CLIENT_HOST: z.string().optional(),
  SPORTSBOOK_CLIENT_ID: z.string().optional(),
  CHAT_WIDGET_ID: z.string().optional(),
  CHAT_SCRIPT_URL: z.url({ protocol: /^https?$/ }).optional(),
  CHAT_FOR_GUESTS: bool.default(false),
  AFFILIATE_COOKIE_DAYS: z.coerce.number().int().min(1).max(400).default(30),
  REGISTRATION_EMAIL: bool.default(true),
  REGISTRATION_PHONE: bool.default(true),
  SOCIAL_AUTH_PROVIDERS: z.string().default('auth0,telegram'),
  TELEGRAM_BOT: z.string().optional(),
  TELEGRAM_AUTH_URL: z.string().optional(),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,}$/, 'must be a bot token from @BotFather (<digits>:<secret>)')
    .optional(),
  TELEGRAM_AUTH_MAX_AGE_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),
  AUTH0_ISSUER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  AUTH0_DOMAIN: z
    .string()
    .regex(/^[A-Za-z0-9.-]+(:\d+)?$/, 'must be a host name such as tenant.eu.auth0.com')
    .optional(),
  AUTH0_CLIENT_ID: z.string().min(1).max(200).optional(),
  AUTH0_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  DEPOSIT_BONUS_DECLINE_DEFAULT: bool.default(false),
  SMTP_URL: z
    .string()
    .refine(isSmtpUrl, 'must be an smtp:// or smtps:// URL with a host (user and password URL-encoded)')
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>\r\n]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, 'must be an address or "Name <address>"')
    .default('Croupier <no-reply@croupier.example>'),
  SUPPORT_EMAIL: z.email('must be an e-mail address').default('support@croupier.example'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. 48 random bytes in base64)').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  SESSION_IDLE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .max(400 * 86_400)
    .default(7 * 86_400),
  SESSION_ABSOLUTE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .max(400 * 86_400)
    .default(30 * 86_400),
  SMS_GATEWAY_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  SMS_SENDER: z.string().min(1).max(11).default('Croupier'),
  PAYMENTS_SANDBOX: bool.optional(),
  PAYMENTS_SANDBOX_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  PAYMENTS_SANDBOX_ASYNC_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1500),
  PAYMENTS_SANDBOX_PAYOUT_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  CRYPTO_XPUB_BTC: z
    .string()
    .regex(/^[xzt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'must be an extended PUBLIC key (xpub, zpub or tpub)')
    .optional(),
  CRYPTO_XPUB_ETH: z
    .string()
    .regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'must be an extended PUBLIC key (xpub)')
    .optional(),
  CRYPTO_XRP_ADDRESS: z
    .string()
    .regex(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/, 'must be a classic XRP Ledger address (r…)')
    .optional(),
  CRYPTO_BITCOIN_NETWORK: z.enum(['mainnet', 'testnet']).optional(),
  CRYPTO_CUSTODY_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  CRYPTO_CUSTODY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CRYPTO_CUSTODY_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  PAYMENTS_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  PAYMENTS_CLEARING_SHARDS: z.coerce.number().int().min(1).max(256).default(16),
  WITHDRAWAL_AUTO_APPROVE_MAX: z.coerce.number().min(0).max(1_000_000_000).default(0),
  TURNOVER_WAGER_MULTIPLE: z.coerce
    .number()
    .min(0)
    .max(1000)
    .refine((value) => Number.isInteger(value * 100), 'at most 2 decimals')
    .default(1),
  ADMIN_API_KEY: z.string().min(32, 'must be at least 32 characters (e.g. 48 random bytes in base64)').optional(),
  GAME_PROVIDERS: z
    .string()
    .regex(
      /^\s*[a-z0-9]+(-[a-z0-9]+)*(\s*,\s*[a-z0-9]+(-[a-z0-9]+)*)*\s*$/,
      'must be catalogue provider identities, comma-separated',
    )
    .optional(),
  GAME_SANDBOX_PROVIDER: bool.optional(),
  ORIGINALS_WALLET_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ORIGINALS_WALLET_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  ORIGINALS_WALLET_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(5000),
  GAME_SANDBOX_PROVIDER_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  GAME_FRAME_ANCESTORS: z.string().optional(),
  DOCUMENTS_DIR: z.string().min(1).optional(),
  // 10 MiB by default, at most 100 MiB.
  DOCUMENTS_MAX_FILE_BYTES: z.coerce.number().int().min(1024).max(104_857_600).default(10_485_760),
  DOCUMENTS_MAX_PENDING_PER_TYPE: z.coerce.number().int().min(1).max(100).default(3),
  // An S3-compatible object store instead of DOCUMENTS_DIR (all four of endpoint, bucket and keys, or none).
  DOCUMENTS_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  DOCUMENTS_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 of a-z, 0-9, dot, hyphen)')
    .optional(),
  DOCUMENTS_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as eu-central-1')
    .default('us-east-1'),
  DOCUMENTS_S3_ACCESS_KEY_ID: z.string().min(1).max(128).optional(),
  DOCUMENTS_S3_SECRET_ACCESS_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  DOCUMENTS_S3_PATH_STYLE: bool.default(true),
  DOCUMENTS_S3_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(30_000),
  SUMSUB_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SUMSUB_APP_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
  SUMSUB_SECRET_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  SUMSUB_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SUMSUB_LEVEL_NAME: z.string().min(1).max(100).default('basic-kyc-level'),
  SUMSUB_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
  SUMSUB_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  VERIFICATION_SANDBOX: bool.optional(),
  VERIFICATION_SANDBOX_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  VERIFICATION_WITHDRAWAL_THRESHOLD: z.coerce.number().min(0).max(1_000_000_000).optional(),
  VERIFICATION_DEPOSITS_THRESHOLD: z.coerce.number().min(0).max(1_000_000_000).optional(),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  publicUrl: string | undefined;
  /**
   * The site's one origin, without a trailing slash: PUBLIC_URL, else the listening
   * address. The start banner, e-mailed links and OAuth redirects all use it, so a player
   * never lands on another origin (and signed out) from a link.
   */
  siteUrl: string;
  logLevel: string;
  /** JSON lines for log collectors (production's default), or readable lines for a terminal. */
  logFormat: 'json' | 'pretty';
  database: { url: string | undefined; poolMax: number; dataDir: string };
  redisUrl: string | undefined;
  realtime: {
    /** Server pings on the websocket; lower it behind proxies that drop idle connections sooner. */
    pingIntervalSeconds: number;
    /** Per connection: outgoing bytes or messages beyond which a slow client is disconnected. */
    queueMaxBytes: number;
    queueMaxMessages: number;
  };
  seedOnStart: boolean;
  /** Built web app to serve, or undefined when serving it is switched off. */
  webDistDir: string | undefined;
  contentDir: string;
  trustProxy: boolean;
  geo: { countryHeader: string; clientIpHeader: string; countryOverride: string | undefined };
  rateLimitPerMinute: number;
  /** Client IPs exempt from the per-IP request limits (the accounts' own limits still apply). */
  rateLimitAllowIps: string[];
  shutdownTimeoutMs: number;
  /** Durable jobs' poll period in this process; 0 runs none here. */
  jobsPollMs: number;
  activityPollMs: number;
  /** How long after a tournament's end its finish job runs. */
  tournamentFinishDelayMs: number;
  /** Tournament leaderboards: the store (auto: Redis when configured) and its Redis key prefix. */
  tournamentLeaderboard: { store: 'auto' | 'database' | 'redis'; keyPrefix: string };
  /** The sportsbook's feed: which one runs here (off: reads and fan-out only), its seed and match length. */
  sportsbook: {
    feed: 'simulated' | 'sandbox' | 'off';
    feedSeed: number;
    matchDurationMs: number;
    liveDelayMs: number;
    eventLiabilityBaseMajor: number;
    cashOutMarginBp: number;
  };
  features: {
    loyalty: boolean;
    /** Wallet forms show prefilled valid fields too (else they are hidden). */
    walletShowFilledFields: boolean;
    sportsbook: { clientHost: string; clientId: string } | undefined;
    chat: { widgetId: string; scriptUrl: string; forGuests: boolean } | undefined;
    registration: { email: boolean; phone: boolean };
    socialAuth: string[];
    telegram: { bot: string; authUrl: string } | undefined;
    depositBonusDeclineDefault: boolean;
    affiliateCookieDays: number;
  };
  auth: {
    /** HS256 key of access tokens; undefined outside production: see modules/auth/secret.ts. */
    jwtSecret: string | undefined;
    accessTokenTtlSeconds: number;
    /** A session unused for this long ends (refresh refused). */
    sessionIdleTtlSeconds: number;
    /** A session ends this long after sign-in, however active. */
    sessionAbsoluteTtlSeconds: number;
  };
  sms: {
    /** HTTP SMS gateway; undefined: SMS go to the dev outbox (never in production). */
    gatewayUrl: string | undefined;
    gatewayToken: string | undefined;
    /** Sender name shown on the phone. */
    sender: string;
  };
  social: {
    /**
     * The OIDC broker (Auth0 or alike) behind the `auth0` connections; undefined: the local
     * sandbox issuer outside production, no broker sign-in in production.
     */
    auth0: { issuerUrl: string; clientId: string; clientSecret: string } | undefined;
    /** Bot token that signs Telegram login data; undefined: the Telegram sandbox (never in production). */
    telegramBotToken: string | undefined;
    /** Telegram login data older than this is refused. */
    telegramAuthMaxAgeSeconds: number;
  };
  payments: {
    /** The built-in sandbox payment provider; undefined in production (never registered there). */
    sandbox:
      | {
          /** HMAC-SHA256 key of the sandbox's webhooks. */
          webhookSecret: string;
          /** Until an asyncRedirect deposit gets its QR over the socket. */
          asyncDelayMs: number;
          /** Until a sandbox payout completes (and its webhook arrives). */
          payoutDelayMs: number;
        }
      | undefined;
    /** Crypto deposits: account-level extended public keys per network (addresses are derived from them). */
    crypto: {
      xpubs: { btc?: string | undefined; eth?: string | undefined };
      /** The operator's receiving address on networks where players share one address and differ by destination tag. */
      sharedAddresses: { xrp?: string | undefined };
      /** The custody service: payouts are sent to it and it reports transfers and payouts (crypto/custody.ts). */
      custody: { url: string; secret: string; timeoutMs: number } | undefined;
      /** bc1… (mainnet) or tb1… (testnet) Bitcoin addresses. */
      bitcoinNetwork: 'mainnet' | 'testnet';
      /** Outside production, networks without a key use the public test mnemonic's keys (crypto/networks.ts). */
      testKeys: boolean;
      /** The sandbox chain control under /api/dev/crypto (never in production). */
      sandboxChain: boolean;
    };
    /** Webhooks whose signed timestamp is further than this from now are refused (replays). */
    webhookToleranceSeconds: number;
    /** Rows each provider's clearing account is split over, so that deposits do not queue on one row lock. */
    clearingShards: number;
    /** Withdrawals up to this many major units of the base currency are approved without an operator; 0: none. */
    withdrawalAutoApproveMaxBase: number;
    /** Deposits must be wagered this many times before they can be withdrawn; 0: no turn-over wager. */
    turnoverWagerMultiple: number;
  };
  /** Key of the operator API (`X-Admin-Key`); undefined: the operator API refuses every call. */
  adminApiKey: string | undefined;
  /** Players' documents (modules/documents): a private directory, the size limit, pending uploads per type. */
  documents: {
    directory: string;
    maxFileBytes: number;
    maxPendingPerType: number;
    /** An S3-compatible object store; absent: the local directory. */
    s3?: {
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      pathStyle: boolean;
      timeoutMs: number;
    };
  };
  gameProviders: {
    /** Third-party providers allowed to call the wallet callbacks: shared secret and allow-list each. */
    access: {
      provider: string;
      secret: string;
      allowIps: string[];
      /** Where the provider takes free-round grants (`POST {url}`, `POST {url}/cancel`); none: no free spins on its games. */
      freeRoundsUrl?: string;
    }[];
    /**
     * The built-in sandbox game provider (pages under /api/dev/game-provider): it serves the
     * catalogue's third-party games whose provider is not in `access`. Undefined in production.
     */
    sandbox: { secret: string } | undefined;
  };
  /**
   * Origins of other front ends allowed to embed the in-house game frame (`/play/*`), beyond
   * the site itself; the rest of the site may be framed by itself only.
   */
  gameFrameAncestors: string[];
  originals: {
    /**
     * Where the in-house games send their wallet calls when they run apart from the wallet:
     * the server whose `/api/game-wallet/croupier/*` callbacks take them (signed with the
     * secret that server has as GAME_PROVIDER_CROUPIER_SECRET). Undefined: in process.
     */
    remoteWallet: { url: string; secret: string; timeoutMs: number } | undefined;
  };
  /** Identity verification (modules/verification). */
  verification: {
    /** The hosted provider (Sumsub's API); undefined: the sandbox outside production, none in production. */
    sumsub:
      | {
          baseUrl: string;
          appToken: string;
          secretKey: string;
          webhookSecret: string;
          levelName: string;
          tokenTtlSeconds: number;
          timeoutMs: number;
        }
      | undefined;
    /** The built-in sandbox provider (used when no real one is configured); undefined in production. */
    sandbox: { webhookSecret: string } | undefined;
    /** A withdrawal above this many major units of the base currency needs a verified identity; undefined: never. */
    withdrawalThresholdBase: number | undefined;
    /** Deposits adding up to more than this many base-currency major units need a verified identity; undefined: never. */
    depositsThresholdBase: number | undefined;
  };
  mail: {
    /** SMTP server for real e-mail; undefined: e-mails go to the dev outbox (never in production). */
    smtpUrl: string | undefined;
    from: string;
    /** The operator's address that receives contact-form messages. */
    supportEmail: string;
  };
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  // Problems that one variable alone cannot show: production requirements and relations.
  const problems: string[] = [];
  if (isProduction && e.GEO_COUNTRY) {
    problems.push('  GEO_COUNTRY: the development override is not allowed in production');
  }
  if (isProduction && !e.SMTP_URL) {
    // The dev outbox would swallow every e-mail (contact form, password resets) unseen.
    problems.push('  SMTP_URL: required in production (the dev outbox sandbox is for development only)');
  }
  if (isProduction && !e.JWT_SECRET) {
    problems.push('  JWT_SECRET: required in production (at least 32 random characters)');
  }
  if (isProduction && !e.PUBLIC_URL) {
    // E-mailed links (password reset, e-mail confirmation) need the site's address; the
    // request's Host header cannot be trusted for them.
    problems.push('  PUBLIC_URL: required in production (links in e-mails point to it)');
  }
  if (isProduction && e.REGISTRATION_PHONE && !e.SMS_GATEWAY_URL) {
    problems.push(
      '  SMS_GATEWAY_URL: required in production while REGISTRATION_PHONE is on (one-time codes go by SMS)',
    );
  }
  const auth0Issuer = e.AUTH0_ISSUER_URL ?? (e.AUTH0_DOMAIN ? `https://${e.AUTH0_DOMAIN}/` : undefined);
  const auth0Parts = [auth0Issuer, e.AUTH0_CLIENT_ID, e.AUTH0_CLIENT_SECRET];
  if (auth0Parts.some(Boolean) && !auth0Parts.every(Boolean)) {
    problems.push('  AUTH0_ISSUER_URL (or AUTH0_DOMAIN), AUTH0_CLIENT_ID, AUTH0_CLIENT_SECRET: set all three or none');
  }
  if (isProduction && e.TELEGRAM_BOT && e.TELEGRAM_AUTH_URL && !e.TELEGRAM_BOT_TOKEN) {
    // Without the token the login data cannot be verified (the sandbox is for development only).
    problems.push('  TELEGRAM_BOT_TOKEN: required in production while TELEGRAM_BOT and TELEGRAM_AUTH_URL are set');
  }
  const documentsDir = documentsDirOf(e, cwd);
  if (isInside(documentsDir, webDistDirOf(e, cwd))) {
    // The web app's files are served to anyone: documents must never be among them.
    problems.push('  DOCUMENTS_DIR: must not be inside the web app’s directory (its files are public)');
  }
  const documentsS3Parts = [
    e.DOCUMENTS_S3_ENDPOINT,
    e.DOCUMENTS_S3_BUCKET,
    e.DOCUMENTS_S3_ACCESS_KEY_ID,
    e.DOCUMENTS_S3_SECRET_ACCESS_KEY,
  ];
  if (documentsS3Parts.some(Boolean) && !documentsS3Parts.every(Boolean)) {
    problems.push(
      '  DOCUMENTS_S3_ENDPOINT, DOCUMENTS_S3_BUCKET, DOCUMENTS_S3_ACCESS_KEY_ID, DOCUMENTS_S3_SECRET_ACCESS_KEY: ' +
        'set all four or none',
    );
  }
  if (e.DOCUMENTS_S3_ENDPOINT && new URL(e.DOCUMENTS_S3_ENDPOINT).pathname !== '/') {
    problems.push(
      '  DOCUMENTS_S3_ENDPOINT: must be the store’s address without a path (the bucket is DOCUMENTS_S3_BUCKET)',
    );
  }
  if (isProduction && e.DOCUMENTS_S3_ENDPOINT?.startsWith('http:')) {
    problems.push('  DOCUMENTS_S3_ENDPOINT: must be https in production');
  }
  if (Boolean(e.CRYPTO_CUSTODY_URL) !== Boolean(e.CRYPTO_CUSTODY_SECRET)) {
    problems.push('  CRYPTO_CUSTODY_URL, CRYPTO_CUSTODY_SECRET: set both or neither');
  }
  if (isProduction && e.CRYPTO_CUSTODY_URL?.startsWith('http:')) {
    problems.push('  CRYPTO_CUSTODY_URL: must be https in production');
  }
  if (Boolean(e.ORIGINALS_WALLET_URL) !== Boolean(e.ORIGINALS_WALLET_SECRET)) {
    problems.push('  ORIGINALS_WALLET_URL, ORIGINALS_WALLET_SECRET: set both or neither');
  }
  if (isProduction && e.ORIGINALS_WALLET_URL?.startsWith('http:')) {
    problems.push('  ORIGINALS_WALLET_URL: must be https in production');
  }
  if (isProduction && e.ORIGINALS_WALLET_SECRET && e.ORIGINALS_WALLET_SECRET.length < 32) {
    problems.push('  ORIGINALS_WALLET_SECRET: must be at least 32 characters in production');
  }
  if (isProduction && e.PAYMENTS_SANDBOX === true) {
    problems.push('  PAYMENTS_SANDBOX: the sandbox payment provider is not allowed in production');
  }
  if (e.SESSION_IDLE_TTL_SECONDS > e.SESSION_ABSOLUTE_TTL_SECONDS) {
    problems.push('  SESSION_IDLE_TTL_SECONDS: must not exceed SESSION_ABSOLUTE_TTL_SECONDS');
  }
  if (e.ACCESS_TOKEN_TTL_SECONDS >= e.SESSION_IDLE_TTL_SECONDS) {
    problems.push('  ACCESS_TOKEN_TTL_SECONDS: must be shorter than SESSION_IDLE_TTL_SECONDS');
  }
  const sumsubSecrets = [e.SUMSUB_APP_TOKEN, e.SUMSUB_SECRET_KEY, e.SUMSUB_WEBHOOK_SECRET];
  if (sumsubSecrets.some(Boolean) && !sumsubSecrets.every(Boolean)) {
    // Half a configuration would sign requests or webhooks with nothing.
    problems.push('  SUMSUB_APP_TOKEN, SUMSUB_SECRET_KEY, SUMSUB_WEBHOOK_SECRET: set all three or none');
  }
  if (isProduction && e.VERIFICATION_SANDBOX === true) {
    problems.push('  VERIFICATION_SANDBOX: the sandbox verification provider is not allowed in production');
  }
  if (
    isProduction &&
    (e.VERIFICATION_WITHDRAWAL_THRESHOLD !== undefined || e.VERIFICATION_DEPOSITS_THRESHOLD !== undefined) &&
    !sumsubSecrets.every(Boolean)
  ) {
    // A rule no player could satisfy: production has no sandbox to verify with.
    problems.push('  VERIFICATION_*_THRESHOLD: needs the verification provider (SUMSUB_*) in production');
  }
  if (isProduction && e.SUMSUB_BASE_URL?.startsWith('http:')) {
    problems.push('  SUMSUB_BASE_URL: must be https in production');
  }
  if (isProduction && e.GAME_SANDBOX_PROVIDER === true) {
    problems.push('  GAME_SANDBOX_PROVIDER: the sandbox game provider is not allowed in production');
  }
  const gameProviderAccess = readGameProviders(cleaned, e.GAME_PROVIDERS, isProduction, problems);
  const gameFrameAncestors = readOrigins('GAME_FRAME_ANCESTORS', e.GAME_FRAME_ANCESTORS, isProduction, problems);
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    isProduction,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL,
    siteUrl: siteUrlOf(e.PUBLIC_URL, e.HOST, e.PORT),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (isProduction ? 'json' : 'pretty'),
    database: {
      url: e.DATABASE_URL,
      poolMax: e.DATABASE_POOL_MAX,
      dataDir: e.DATA_DIR ? path.resolve(cwd, e.DATA_DIR) : path.join(repoRoot, 'data'),
    },
    redisUrl: e.REDIS_URL,
    realtime: {
      pingIntervalSeconds: e.REALTIME_PING_INTERVAL_SECONDS,
      queueMaxBytes: e.REALTIME_QUEUE_MAX_BYTES,
      queueMaxMessages: e.REALTIME_QUEUE_MAX_MESSAGES,
    },
    seedOnStart: e.SEED_ON_START,
    webDistDir: e.SERVE_WEB
      ? e.WEB_DIST_DIR
        ? path.resolve(cwd, e.WEB_DIST_DIR)
        : path.join(repoRoot, 'apps/web/dist')
      : undefined,
    contentDir: e.CONTENT_DIR ? path.resolve(cwd, e.CONTENT_DIR) : path.join(serverRoot, 'content'),
    trustProxy: e.TRUST_PROXY,
    geo: {
      countryHeader: e.GEO_COUNTRY_HEADER.toLowerCase(),
      clientIpHeader: e.CLIENT_IP_HEADER.toLowerCase(),
      countryOverride: e.GEO_COUNTRY,
    },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateLimitAllowIps: e.RATE_LIMIT_ALLOW_IPS.split(',')
      .map((ip) => ip.trim())
      .filter(Boolean),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    jobsPollMs: e.JOBS_POLL_MS,
    activityPollMs: e.ACTIVITY_POLL_MS,
    tournamentFinishDelayMs: e.TOURNAMENT_FINISH_DELAY_MS,
    tournamentLeaderboard: { store: e.TOURNAMENT_LEADERBOARD, keyPrefix: e.TOURNAMENT_LEADERBOARD_PREFIX },
    sportsbook: {
      feed: e.SPORTSBOOK_FEED ?? (e.NODE_ENV === 'test' ? 'off' : 'simulated'),
      feedSeed: e.SPORTSBOOK_FEED_SEED,
      matchDurationMs: Math.round(e.SPORTSBOOK_MATCH_MINUTES * 60_000),
      liveDelayMs: e.SPORTSBOOK_LIVE_DELAY_MS,
      eventLiabilityBaseMajor: e.SPORTSBOOK_EVENT_LIABILITY,
      cashOutMarginBp: e.SPORTSBOOK_CASH_OUT_MARGIN_BP,
    },
    features: {
      loyalty: e.FEATURE_LOYALTY,
      walletShowFilledFields: e.WALLET_SHOW_FILLED_FIELDS,
      sportsbook:
        e.SPORTSBOOK_CLIENT_HOST && e.SPORTSBOOK_CLIENT_ID
          ? { clientHost: e.SPORTSBOOK_CLIENT_HOST, clientId: e.SPORTSBOOK_CLIENT_ID }
          : undefined,
      chat:
        e.CHAT_WIDGET_ID && e.CHAT_SCRIPT_URL
          ? { widgetId: e.CHAT_WIDGET_ID, scriptUrl: e.CHAT_SCRIPT_URL, forGuests: e.CHAT_FOR_GUESTS }
          : undefined,
      registration: { email: e.REGISTRATION_EMAIL, phone: e.REGISTRATION_PHONE },
      socialAuth: e.SOCIAL_AUTH_PROVIDERS.split(',')
        .map((provider) => provider.trim())
        .filter(Boolean)
        // In production the broker needs its settings (there is no sandbox to fall back to).
        .filter((provider) => provider !== 'auth0' || !isProduction || auth0Issuer !== undefined),
      telegram:
        e.TELEGRAM_BOT && e.TELEGRAM_AUTH_URL ? { bot: e.TELEGRAM_BOT, authUrl: e.TELEGRAM_AUTH_URL } : undefined,
      depositBonusDeclineDefault: e.DEPOSIT_BONUS_DECLINE_DEFAULT,
      affiliateCookieDays: e.AFFILIATE_COOKIE_DAYS,
    },
    auth: {
      jwtSecret: e.JWT_SECRET,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      sessionIdleTtlSeconds: e.SESSION_IDLE_TTL_SECONDS,
      sessionAbsoluteTtlSeconds: e.SESSION_ABSOLUTE_TTL_SECONDS,
    },
    sms: { gatewayUrl: e.SMS_GATEWAY_URL, gatewayToken: e.SMS_GATEWAY_TOKEN, sender: e.SMS_SENDER },
    social: {
      auth0:
        auth0Issuer && e.AUTH0_CLIENT_ID && e.AUTH0_CLIENT_SECRET
          ? { issuerUrl: auth0Issuer, clientId: e.AUTH0_CLIENT_ID, clientSecret: e.AUTH0_CLIENT_SECRET }
          : undefined,
      telegramBotToken: e.TELEGRAM_BOT_TOKEN,
      telegramAuthMaxAgeSeconds: e.TELEGRAM_AUTH_MAX_AGE_SECONDS,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, supportEmail: e.SUPPORT_EMAIL },
    payments: {
      sandbox:
        !isProduction && e.PAYMENTS_SANDBOX !== false
          ? {
              // A fixed development key: the sandbox only ever runs outside production.
              webhookSecret: e.PAYMENTS_SANDBOX_WEBHOOK_SECRET ?? 'croupier-sandbox-psp-development-secret',
              asyncDelayMs: e.PAYMENTS_SANDBOX_ASYNC_DELAY_MS,
              payoutDelayMs: e.PAYMENTS_SANDBOX_PAYOUT_DELAY_MS,
            }
          : undefined,
      crypto: {
        xpubs: { btc: e.CRYPTO_XPUB_BTC, eth: e.CRYPTO_XPUB_ETH },
        sharedAddresses: { xrp: e.CRYPTO_XRP_ADDRESS },
        custody:
          e.CRYPTO_CUSTODY_URL && e.CRYPTO_CUSTODY_SECRET
            ? { url: e.CRYPTO_CUSTODY_URL, secret: e.CRYPTO_CUSTODY_SECRET, timeoutMs: e.CRYPTO_CUSTODY_TIMEOUT_MS }
            : undefined,
        bitcoinNetwork: e.CRYPTO_BITCOIN_NETWORK ?? (isProduction ? 'mainnet' : 'testnet'),
        testKeys: !isProduction,
        sandboxChain: !isProduction,
      },
      webhookToleranceSeconds: e.PAYMENTS_WEBHOOK_TOLERANCE_SECONDS,
      clearingShards: e.PAYMENTS_CLEARING_SHARDS,
      withdrawalAutoApproveMaxBase: e.WITHDRAWAL_AUTO_APPROVE_MAX,
      turnoverWagerMultiple: e.TURNOVER_WAGER_MULTIPLE,
    },
    adminApiKey: e.ADMIN_API_KEY,
    documents: {
      directory: documentsDir,
      maxFileBytes: e.DOCUMENTS_MAX_FILE_BYTES,
      maxPendingPerType: e.DOCUMENTS_MAX_PENDING_PER_TYPE,
      ...(e.DOCUMENTS_S3_ENDPOINT &&
      e.DOCUMENTS_S3_BUCKET &&
      e.DOCUMENTS_S3_ACCESS_KEY_ID &&
      e.DOCUMENTS_S3_SECRET_ACCESS_KEY
        ? {
            s3: {
              endpoint: e.DOCUMENTS_S3_ENDPOINT,
              bucket: e.DOCUMENTS_S3_BUCKET,
              region: e.DOCUMENTS_S3_REGION,
              accessKeyId: e.DOCUMENTS_S3_ACCESS_KEY_ID,
              secretAccessKey: e.DOCUMENTS_S3_SECRET_ACCESS_KEY,
              pathStyle: e.DOCUMENTS_S3_PATH_STYLE,
              timeoutMs: e.DOCUMENTS_S3_TIMEOUT_MS,
            },
          }
        : {}),
    },
    gameProviders: {
      access: gameProviderAccess,
      sandbox:
        !isProduction && e.GAME_SANDBOX_PROVIDER !== false
          ? // A fixed development key: the sandbox only ever runs outside production.
            { secret: e.GAME_SANDBOX_PROVIDER_SECRET ?? 'croupier-sandbox-game-provider-development-secret' }
          : undefined,
    },
    gameFrameAncestors,
    verification: {
      sumsub:
        e.SUMSUB_APP_TOKEN && e.SUMSUB_SECRET_KEY && e.SUMSUB_WEBHOOK_SECRET
          ? {
              baseUrl: (e.SUMSUB_BASE_URL ?? 'https://api.sumsub.com').replace(/\/+$/, ''),
              appToken: e.SUMSUB_APP_TOKEN,
              secretKey: e.SUMSUB_SECRET_KEY,
              webhookSecret: e.SUMSUB_WEBHOOK_SECRET,
              levelName: e.SUMSUB_LEVEL_NAME,
              tokenTtlSeconds: e.SUMSUB_TOKEN_TTL_SECONDS,
              timeoutMs: e.SUMSUB_TIMEOUT_MS,
            }
          : undefined,
      sandbox:
        !isProduction && e.VERIFICATION_SANDBOX !== false
          ? // A fixed development key: the sandbox only ever runs outside production.
            { webhookSecret: e.VERIFICATION_SANDBOX_WEBHOOK_SECRET ?? 'croupier-sandbox-kyc-development-secret' }
          : undefined,
      withdrawalThresholdBase: e.VERIFICATION_WITHDRAWAL_THRESHOLD,
      depositsThresholdBase: e.VERIFICATION_DEPOSITS_THRESHOLD,
    },
    originals: {
      remoteWallet:
        e.ORIGINALS_WALLET_URL && e.ORIGINALS_WALLET_SECRET
          ? {
              url: e.ORIGINALS_WALLET_URL.replace(/\/+$/, ''),
              secret: e.ORIGINALS_WALLET_SECRET,
              timeoutMs: e.ORIGINALS_WALLET_TIMEOUT_MS,
            }
          : undefined,
    },
  };
}

/** `northern-lights` → `GAME_PROVIDER_NORTHERN_LIGHTS`: the prefix of a provider's own variables. */
export const gameProviderEnvPrefix = (provider: string): string =>
  `GAME_PROVIDER_${provider.toUpperCase().replaceAll('-', '_')}`;

/** Minimum length of a provider's HMAC secret in production (outside it, 16). */
const PROVIDER_SECRET_MIN_PRODUCTION = 32;
const PROVIDER_SECRET_MIN = 16;

/**
 * The providers of GAME_PROVIDERS with their GAME_PROVIDER_<ID>_SECRET and _ALLOW_IPS
 * (variables named after the provider, so that each secret can come from its own store).
 * Problems are added to `problems`; a secret of a provider not listed is one (a typo).
 */
function readGameProviders(
  source: Record<string, string | undefined>,
  list: string | undefined,
  isProduction: boolean,
  problems: string[],
): Config['gameProviders']['access'] {
  const providers = [
    ...new Set(
      (list ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ];
  const access: Config['gameProviders']['access'] = [];
  for (const provider of providers) {
    const prefix = gameProviderEnvPrefix(provider);
    const secret = source[`${prefix}_SECRET`];
    const minLength = isProduction ? PROVIDER_SECRET_MIN_PRODUCTION : PROVIDER_SECRET_MIN;
    if (!secret) {
      problems.push(`  ${prefix}_SECRET: required for ${provider} (listed in GAME_PROVIDERS)`);
    } else if (secret.length < minLength) {
      problems.push(
        `  ${prefix}_SECRET: must be at least ${minLength} characters${isProduction ? ' in production' : ''}`,
      );
    }
    const allowIps = (source[`${prefix}_ALLOW_IPS`] ?? '')
      .split(',')
      .map((ip) => ip.trim())
      .filter(Boolean);
    const badIp = allowIps.find((ip) => isIP(ip) === 0);
    if (badIp) problems.push(`  ${prefix}_ALLOW_IPS: ${badIp} is not an IP address`);
    if (isProduction && allowIps.length === 0) {
      problems.push(`  ${prefix}_ALLOW_IPS: required in production (the addresses ${provider} calls from)`);
    }
    const freeRoundsUrl = source[`${prefix}_FREE_ROUNDS_URL`]?.trim();
    if (freeRoundsUrl && !/^https?:\/\/[^\s]+$/.test(freeRoundsUrl)) {
      problems.push(`  ${prefix}_FREE_ROUNDS_URL: must be an http(s) URL`);
    } else if (freeRoundsUrl && isProduction && !freeRoundsUrl.startsWith('https://')) {
      problems.push(`  ${prefix}_FREE_ROUNDS_URL: must be https in production`);
    }
    if (secret) access.push({ provider, secret, allowIps, ...(freeRoundsUrl ? { freeRoundsUrl } : {}) });
  }
  const listed = new Set(providers.map(gameProviderEnvPrefix));
  for (const name of Object.keys(source)) {
    const match = /^(GAME_PROVIDER_[A-Z0-9_]+)_(SECRET|ALLOW_IPS|FREE_ROUNDS_URL)$/.exec(name);
    if (match?.[1] && !listed.has(match[1])) {
      problems.push(`  ${name}: its provider is not listed in GAME_PROVIDERS`);
    }
  }
  return access;
}

/**
 * A comma-separated list of web origins (`https://host[:port]`), normalised and without
 * duplicates. Anything more than an origin (a path, a query, credentials, a wildcard) is
 * a problem: a CSP source with a path means something else than the operator thinks.
 */
function readOrigins(name: string, list: string | undefined, isProduction: boolean, problems: string[]): string[] {
  const origins = new Set<string>();
  for (const entry of (list ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    const isOrigin =
      url !== undefined &&
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.username === '' &&
      url.password === '' &&
      url.pathname === '/' &&
      url.search === '' &&
      url.hash === '' &&
      !entry.includes('*');
    if (!url || !isOrigin) {
      problems.push(`  ${name}: "${entry}" is not an origin (scheme://host[:port], e.g. https://casino.example)`);
    } else if (isProduction && url.protocol !== 'https:') {
      problems.push(`  ${name}: "${entry}" must be https in production`);
    } else {
      origins.add(url.origin);
    }
  }
  return [...origins];
}

/** PUBLIC_URL without its trailing slash, else the address the server listens on. */
export function siteUrlOf(publicUrl: string | undefined, host: string, port: number): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  // A wildcard address is not one a browser can open; name the machine itself.
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** DOCUMENTS_DIR, by default `documents` in the data directory. */
function documentsDirOf(e: z.output<typeof envSchema>, cwd: string): string {
  if (e.DOCUMENTS_DIR) return path.resolve(cwd, e.DOCUMENTS_DIR);
  return path.join(e.DATA_DIR ? path.resolve(cwd, e.DATA_DIR) : path.join(repoRoot, 'data'), 'documents');
}

function webDistDirOf(e: z.output<typeof envSchema>, cwd: string): string {
  return e.WEB_DIST_DIR ? path.resolve(cwd, e.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist');
}

/** Whether `inner` is `outer` or below it. */
function isInside(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
