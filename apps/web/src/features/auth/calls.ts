import { authEndpoints, signInEndpoints } from '@croupier/contract';
import { call } from '../../lib/api';
import type { OtpReason, RegistrationBody, SignInBody } from './types';

/**
 * The sign-in, registration and password calls of the modal bodies. Apart from api.ts
 * (read on every page): their endpoints carry the field validation (phone numbers among
 * it), which loads with the forms.
 */
export const authCalls = {
  signIn: (body: SignInBody) => call(signInEndpoints.signIn, { body }),
  /** A session, or `{ mailed }` when the address has an account (its owner was e-mailed). */
  // The body holds the fields the server's rules list, by name: the keys the endpoints
  // require are named here, the others go as they are (the server checks them all).
  register: ({ email, phone, password, ...fields }: RegistrationBody) =>
    call(authEndpoints.register, { body: { ...fields, email, phone, password } }),
  registerPhone: ({ phone, password, ...fields }: RegistrationBody & { code: string }) =>
    call(authEndpoints.registerPhone, { body: { ...fields, phone, password } }),
  sendOtp: (phone: string, reason: OtpReason) => call(authEndpoints.sendOtp, { body: { phone, reason } }),
  requestPasswordReset: (email: string) => call(authEndpoints.requestPasswordReset, { body: { email } }),
  confirmPasswordReset: (body: { code: string; newPassword: string; repeatNewPassword: string }) =>
    call(authEndpoints.confirmPasswordReset, { body }),
};
