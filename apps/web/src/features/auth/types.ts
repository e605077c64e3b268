/**
 * Wire shapes of the account and profile calls: the contract's types, and
 * the registration body, which the form builds from the field rules.
 */
export type {
  AuthResponse,
  EmailRegistrationResult,
  Field as FieldRule,
  LoginType,
  OtpReason,
  Profile,
} from '@croupier/contract';

export interface SignInBody {
  login: string;
  password: string;
  fingerprint: string;
}

/** Registration body: the field names plus the client's additions (checkboxes are 1 or ''). */
export type RegistrationBody = Record<string, string | number>;
