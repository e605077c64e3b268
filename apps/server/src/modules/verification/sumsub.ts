import { z } from 'zod';
import { readReviewWebhook, type VerificationProvider } from './provider';
import { signedRequestHeaders } from './signature';

export const SUMSUB_PROVIDER_ID = 'sumsub';

export interface SumsubSettings {
  baseUrl: string;
  appToken: string;
  secretKey: string;
  webhookSecret: string;
  levelName: string;
  tokenTtlSeconds: number;
  timeoutMs: number;
}

const accessTokenSchema = z.object({ token: z.string().min(1) });
const webSdkLinkSchema = z.object({ url: z.url() });

/**
 * The hosted provider's adapter (Sumsub's API). The applicant is keyed by our player id
 * (its "external user id"), so the provider keeps one applicant per player however often
 * verification is started. Two signed calls: an access token for its web SDK, and a link
 * to its hosted WebSDK page, which the web app opens (loading the provider's SDK script
 * would need the provider's origin in the site's CSP and the network in tests).
 */
export function createSumsubProvider(settings: SumsubSettings, fetchImpl: typeof fetch = fetch): VerificationProvider {
  async function call(method: 'POST', pathWithQuery: string): Promise<unknown> {
    const body = '';
    const response = await fetchImpl(`${settings.baseUrl}${pathWithQuery}`, {
      method,
      headers: {
        accept: 'application/json',
        ...signedRequestHeaders({ ...settings, method, pathWithQuery, body }),
      },
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`sumsub: ${method} ${pathWithQuery.split('?')[0] ?? ''} answered ${response.status}`);
    return JSON.parse(text) as unknown;
  }

  return {
    id: SUMSUB_PROVIDER_ID,

    async startVerification({ playerId, locale }) {
      const level = encodeURIComponent(settings.levelName);
      const user = encodeURIComponent(playerId);
      const ttl = settings.tokenTtlSeconds;
      const token = accessTokenSchema.parse(
        await call('POST', `/resources/accessTokens?userId=${user}&levelName=${level}&ttlInSecs=${ttl}`),
      ).token;
      const lang = locale ? `&lang=${encodeURIComponent(locale.slice(0, 2))}` : '';
      const link = webSdkLinkSchema.parse(
        await call(
          'POST',
          `/resources/sdkIntegrations/levels/${level}/websdkLink?ttlInSecs=${ttl}&externalUserId=${user}${lang}`,
        ),
      );
      return { token, url: link.url };
    },

    verifyWebhook: ({ rawBody, headers }) => readReviewWebhook({ rawBody, headers, secret: settings.webhookSecret }),
  };
}
