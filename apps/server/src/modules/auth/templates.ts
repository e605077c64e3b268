import type { OtpReason } from '@croupier/contract';
import type { EmailMessage } from '../notifications';
import type { SmsMessage } from '../notifications';

/**
 * E-mails and SMS of accounts. Mostly English for now, like the contact form's: the texts
 * move to content when messages are localised (the player's locale is stored). The
 * account-exists e-mail already takes its texts from content, in the owner's locale.
 */

function minutesOrHours(seconds: number): string {
  if (seconds >= 7200 && seconds % 3600 === 0) return `${seconds / 3600} hours`;
  return `${Math.round(seconds / 60)} minutes`;
}

/** Links carry the code in the path; it is base64url, so it needs no escaping in HTML either. */
function linkParagraph(link: string, label: string): string {
  return `<p><a href="${link}">${label}</a></p>\n<p>Or open this address: ${link}</p>`;
}

export function emailConfirmationMessage(input: { to: string; link: string; ttlSeconds: number }): EmailMessage {
  const expiry = minutesOrHours(input.ttlSeconds);
  return {
    to: input.to,
    subject: 'Confirm your e-mail address',
    text: [
      'Hello,',
      '',
      'please confirm your e-mail address for your Croupier account by opening this link:',
      '',
      input.link,
      '',
      `The link works once and for ${expiry}. If you did not create an account, you can ignore this e-mail.`,
      '',
      'Croupier',
    ].join('\n'),
    html: [
      '<p>Hello,</p>',
      '<p>please confirm your e-mail address for your Croupier account.</p>',
      linkParagraph(input.link, 'Confirm my e-mail address'),
      `<p>The link works once and for ${expiry}. If you did not create an account, you can ignore this e-mail.</p>`,
      '<p>Croupier</p>',
    ].join('\n'),
    category: 'auth.email-confirmation',
  };
}

export function passwordResetMessage(input: { to: string; link: string; ttlSeconds: number }): EmailMessage {
  const expiry = minutesOrHours(input.ttlSeconds);
  return {
    to: input.to,
    subject: 'Reset your password',
    text: [
      'Hello,',
      '',
      'someone (hopefully you) asked to reset the password of your Croupier account. Choose a new password here:',
      '',
      input.link,
      '',
      `The link works once and for ${expiry}. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
      '',
      'Croupier',
    ].join('\n'),
    html: [
      '<p>Hello,</p>',
      '<p>someone (hopefully you) asked to reset the password of your Croupier account.</p>',
      linkParagraph(input.link, 'Choose a new password'),
      `<p>The link works once and for ${expiry}. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>`,
      '<p>Croupier</p>',
    ].join('\n'),
    category: 'auth.password-reset',
  };
}

/** Texts of the account-exists e-mail (content `global-components` → `emails.accountExists`). */
export interface AccountExistsTexts {
  subject: string;
  greeting: string;
  body: string;
  signIn: string;
  forgotPassword: string;
  notYou: string;
  signature: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** To the owner of an address someone tried to register again; it names no one and carries no code. */
export function accountExistsMessage(input: {
  to: string;
  texts: AccountExistsTexts;
  signInLink: string;
  resetLink: string;
}): EmailMessage {
  const { texts } = input;
  const html = (text: string) => escapeHtml(text);
  return {
    to: input.to,
    subject: texts.subject,
    text: [
      texts.greeting,
      '',
      texts.body,
      '',
      `${texts.signIn}: ${input.signInLink}`,
      `${texts.forgotPassword}: ${input.resetLink}`,
      '',
      texts.notYou,
      '',
      texts.signature,
    ].join('\n'),
    html: [
      `<p>${html(texts.greeting)}</p>`,
      `<p>${html(texts.body)}</p>`,
      `<p><a href="${html(input.signInLink)}">${html(texts.signIn)}</a></p>`,
      `<p><a href="${html(input.resetLink)}">${html(texts.forgotPassword)}</a></p>`,
      `<p>${html(texts.notYou)}</p>`,
      `<p>${html(texts.signature)}</p>`,
    ].join('\n'),
    category: 'auth.account-exists',
  };
}

export function passwordChangedMessage(input: { to: string; supportEmail: string }): EmailMessage {
  return {
    to: input.to,
    subject: 'Your password was changed',
    text: [
      'Hello,',
      '',
      'the password of your Croupier account has just been changed.',
      '',
      `If this was not you, reset your password at once and write to ${input.supportEmail}.`,
      '',
      'Croupier',
    ].join('\n'),
    category: 'auth.password-changed',
  };
}

const OTP_PURPOSE: Record<OtpReason, string> = {
  registration: 'to finish your registration',
  phoneVerification: 'to confirm your phone number',
  changingPass: 'to reset your password',
};

/** Short enough for one SMS segment; the code first, for phones that show only the start. */
export function otpMessage(input: { to: string; code: string; reason: OtpReason; ttlSeconds: number }): SmsMessage {
  return {
    to: input.to,
    text: `${input.code} is your Croupier code ${OTP_PURPOSE[input.reason]}. Valid ${minutesOrHours(input.ttlSeconds)}. Never share it.`,
    category: `otp.${input.reason}`,
  };
}
