/**
 * Wire shapes of the account calls (api-shapes §2.2 and §2.3), written locally until the
 * contract publishes its auth and profile schemas.
 */

export type LoginType = 'email' | 'phone';

/** A registration or profile field rule (`GET /api/player/fields/validations`). */
export interface FieldRule {
  id: number;
  name: string;
  description?: string;
  editable?: boolean;
  isRequired: boolean;
  isVisible: boolean;
  position: number;
  value?: unknown;
}

export interface Profile {
  id: string;
  status: number;
  email: string | null;
  phone: string | null;
  nickname: string | null;
  firstName: string | null;
  lastName: string | null;
  country: string | null;
  currency: string | null;
  locale?: string | null;
  confirmedAt?: string | null;
  phoneConfirmed?: boolean;
  receiveEmailPromo?: boolean;
  receiveSmsPromo?: boolean;
  isNewlyRegistered?: boolean;
  [field: string]: unknown;
}

export interface AuthResponse {
  accessToken: string;
  tokenType?: string;
  expiresAfter?: string;
  sessionId?: string;
  profile?: Profile;
}

export interface SignInBody {
  login: string;
  password: string;
  fingerprint: string;
}

/** Registration body: the field names plus the client's additions (checkboxes are 1 or ''). */
export type RegistrationBody = Record<string, string | number>;

export type OtpReason = 'registration' | 'phoneVerification' | 'changingPass';

export interface MessageResponse {
  message: string;
}
