import { RestrictType, type Country } from '@croupier/contract';
import { AppError } from '../../lib/errors';

/**
 * Countries with restrictType 2 block sign-in and sign-up (docs/player-protection.md). The client hides
 * the forms there; the server refuses the calls too (451, code 11006), judged by the
 * visitor's country from the edge header. Existing sessions and token refresh are not
 * cut off by travelling; only new sign-ins are.
 */
export function createGeoPolicy(settings: { listCountries(): Promise<Country[]> }) {
  async function blocksAuth(countryCode: string | null): Promise<boolean> {
    if (!countryCode) return false;
    const country = (await settings.listCountries()).find((c) => c.code === countryCode);
    return country?.restrictType === RestrictType.AUTH_BLOCKED;
  }

  return {
    blocksAuth,
    /** Throws 451 when the visitor's country blocks sign-in and sign-up. */
    async assertAuthAllowed(visitorCountry: string | null): Promise<void> {
      if (await blocksAuth(visitorCountry)) throw new AppError('AUTH_GEO_RESTRICTED');
    },
  };
}

export type GeoPolicy = ReturnType<typeof createGeoPolicy>;
