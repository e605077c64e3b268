import type { ContentTree, ContentValue, OtpReason } from '@croupier/contract';
import { acceptedLocale } from '../../lib/accept-language';
import type { EmailMessage } from './email';
import type { CommunicationRow } from './repository';
import type { SmsMessage } from './sms';

/**
 * Every e-mail and SMS the site sends, written in the recipient's language. The texts live
 * in the server-only content group `messages` (apps/server/content/<locale>/messages.json);
 * a key missing in a locale comes from the default locale, like every content text.
 * E-mails share one layout: a greeting, paragraphs, links, a signature.
 */

/** What the templates read of the content service. */
export interface MessageContent {
  getServerGroup(locale: string | undefined, name: 'messages'): Promise<{ locale: string; tree: ContentTree }>;
  resolveLocale(requested: string | undefined): Promise<{ locale: string; fallback: string }>;
}

type Values = Record<string, string | number>;

/** A paragraph: a text with placeholders (one of them may be bold in HTML), or a link. */
type Paragraph = { template: string; values?: Values; strong?: string } | { link: string; label: string };

const PLACEHOLDER = /\{(\w+)\}/g;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Fills `{name}` placeholders; an unknown placeholder stays as written. */
export function fillText(template: string, values: Values = {}): string {
  return template.replace(PLACEHOLDER, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** Fills placeholders for an HTML body: the template and every value are escaped. */
export function fillHtml(template: string, values: Values = {}, strong?: string): string {
  let html = '';
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const key = match[1] ?? '';
    html += escapeHtml(template.slice(last, match.index));
    if (key in values) {
      const value = escapeHtml(String(values[key]));
      html += key === strong ? `<strong>${value}</strong>` : value;
    } else html += escapeHtml(match[0]);
    last = match.index + match[0].length;
  }
  return html + escapeHtml(template.slice(last));
}

/** Header values must stay on one line whatever a visitor typed. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').trim();
}

/** A short reference both sides can quote: the first block of the message id. */
export function communicationReference(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** Reads texts of one locale's `messages` tree by path; a missing text is a broken content file. */
function textsOf(tree: ContentTree, locale: string) {
  return (path: string): string => {
    let node: ContentValue | undefined = tree;
    for (const key of path.split('.')) {
      node = typeof node === 'object' && node !== null && !Array.isArray(node) ? node[key] : undefined;
    }
    if (typeof node !== 'string') throw new Error(`content ${locale}/messages ${path} is missing`);
    return node;
  };
}

type Texts = ReturnType<typeof textsOf>;

/** "72 hours", "60 minutes" in the message's language. */
function duration(seconds: number, locale: string, text: Texts): string {
  const inHours = seconds >= 7200 && seconds % 3600 === 0;
  const count = inHours ? seconds / 3600 : Math.round(seconds / 60);
  const form = new Intl.PluralRules(locale).select(count) === 'one' ? 'one' : 'other';
  return fillText(text(`durations.${inHours ? 'hours' : 'minutes'}.${form}`), { count });
}

/** The one e-mail layout: the same paragraphs as plain text and as HTML. */
function layoutEmail(input: {
  to: string;
  subject: string;
  category: string;
  paragraphs: Paragraph[];
  text: Texts;
  signature?: string;
}): EmailMessage {
  const { text } = input;
  const greeting = text('email.layout.greeting');
  const signature = input.signature ?? text('email.layout.signature');
  const plain = [greeting, ''];
  const html = [`<p>${escapeHtml(greeting)}</p>`];
  for (const paragraph of input.paragraphs) {
    if ('link' in paragraph) {
      plain.push(`${paragraph.label}: ${paragraph.link}`, '');
      html.push(
        `<p><a href="${escapeHtml(paragraph.link)}">${escapeHtml(paragraph.label)}</a></p>`,
        `<p>${fillHtml(text('email.layout.openAddress'), { link: paragraph.link })}</p>`,
      );
    } else {
      plain.push(fillText(paragraph.template, paragraph.values), '');
      html.push(`<p>${fillHtml(paragraph.template, paragraph.values, paragraph.strong)}</p>`);
    }
  }
  plain.push(signature);
  html.push(`<p>${escapeHtml(signature)}</p>`);
  return {
    to: input.to,
    subject: oneLine(input.subject),
    text: plain.join('\n'),
    html: html.join('\n'),
    category: input.category,
  };
}

/** Where a locale may come from, most specific first: the player's saved one, the request's. */
export type LocaleChoice = readonly (string | null | undefined)[];

export function createMessageTemplates(content: MessageContent) {
  /** The texts in the first chosen locale the site has (the default locale otherwise). */
  async function load(choice: LocaleChoice): Promise<{ locale: string; text: Texts }> {
    const wanted = choice.find((locale): locale is string => typeof locale === 'string' && locale !== '');
    const { locale, tree } = await content.getServerGroup(wanted, 'messages');
    return { locale, text: textsOf(tree, locale) };
  }

  function linkEmail(
    key: 'emailConfirmation' | 'passwordReset',
    category: string,
  ): (input: { to: string; link: string; ttlSeconds: number; locale: LocaleChoice }) => Promise<EmailMessage> {
    return async (input) => {
      const { locale, text } = await load(input.locale);
      return layoutEmail({
        to: input.to,
        subject: text(`email.${key}.subject`),
        category,
        text,
        paragraphs: [
          { template: text(`email.${key}.intro`) },
          { link: input.link, label: text(`email.${key}.action`) },
          { template: text(`email.${key}.outro`), values: { duration: duration(input.ttlSeconds, locale, text) } },
        ],
      });
    };
  }

  return {
    /** The site locale an `Accept-Language` header asks for (lib/accept-language.ts). */
    requestLocale(acceptLanguage: string | undefined): Promise<string | undefined> {
      return acceptedLocale(acceptLanguage, (tag) => content.resolveLocale(tag));
    },

    emailConfirmation: linkEmail('emailConfirmation', 'auth.email-confirmation'),
    passwordReset: linkEmail('passwordReset', 'auth.password-reset'),

    async passwordChanged(input: { to: string; supportEmail: string; locale: LocaleChoice }): Promise<EmailMessage> {
      const { text } = await load(input.locale);
      return layoutEmail({
        to: input.to,
        subject: text('email.passwordChanged.subject'),
        category: 'auth.password-changed',
        text,
        paragraphs: [
          { template: text('email.passwordChanged.body') },
          { template: text('email.passwordChanged.notYou'), values: { supportEmail: input.supportEmail } },
        ],
      });
    },

    /** To the owner of an address someone tried to register again; it names no one and carries no code. */
    async accountExists(input: {
      to: string;
      signInLink: string;
      resetLink: string;
      locale: LocaleChoice;
    }): Promise<EmailMessage> {
      const { text } = await load(input.locale);
      return layoutEmail({
        to: input.to,
        subject: text('email.accountExists.subject'),
        category: 'auth.account-exists',
        text,
        paragraphs: [
          { template: text('email.accountExists.body') },
          { link: input.signInLink, label: text('email.accountExists.signIn') },
          { link: input.resetLink, label: text('email.accountExists.forgotPassword') },
          { template: text('email.accountExists.notYou') },
        ],
      });
    },

    /**
     * The code first, for phones that show only the start. One SMS in the GSM alphabet
     * (en, de, fr); Spanish and Portuguese accents make it UCS-2, two parts at most.
     */
    async otp(input: {
      to: string;
      code: string;
      reason: OtpReason;
      ttlSeconds: number;
      locale: LocaleChoice;
    }): Promise<SmsMessage> {
      const { locale, text } = await load(input.locale);
      return {
        to: input.to,
        text: fillText(text(`sms.otp.${input.reason}`), {
          code: input.code,
          duration: duration(input.ttlSeconds, locale, text),
        }),
        category: `otp.${input.reason}`,
      };
    },

    /**
     * To the visitor, in the locale the form was sent from. It repeats nothing the visitor
     * typed (no name, subject or message): otherwise anyone could use the form to send
     * their own text to any address.
     */
    async contactAcknowledgement(communication: CommunicationRow): Promise<EmailMessage> {
      const { text } = await load([communication.locale]);
      const reference = communicationReference(communication.id);
      return layoutEmail({
        to: communication.email,
        subject: fillText(text('email.contactAcknowledgement.subject'), { reference }),
        category: 'contact.acknowledgement',
        text,
        signature: text('email.contactAcknowledgement.signature'),
        paragraphs: [
          { template: text('email.contactAcknowledgement.body') },
          { template: text('email.contactAcknowledgement.reference'), values: { reference }, strong: 'reference' },
          { template: text('email.contactAcknowledgement.notYou') },
        ],
      });
    },

    /** To the operator, in the site's default locale: everything the visitor sent; replying answers the visitor. */
    async supportNotification(communication: CommunicationRow, supportEmail: string): Promise<EmailMessage> {
      const { text } = await load([]);
      const reference = communicationReference(communication.id);
      const unknown = text('email.supportNotification.unknown');
      const topic = communication.subject ? oneLine(communication.subject) : text('email.supportNotification.noTopic');
      const from = communication.name ? `${oneLine(communication.name)} <${communication.email}>` : communication.email;
      const line = (key: string, values: Values) => fillText(text(`email.supportNotification.${key}`), values);
      return {
        to: supportEmail,
        subject: oneLine(line('subject', { reference, topic })),
        text: [
          line('from', { from }),
          line('reference', { reference, id: communication.id }),
          line('received', { receivedAt: communication.created_at.toISOString() }),
          line('locale', { locale: communication.locale ?? unknown }),
          line('clientIp', { clientIp: communication.client_ip }),
          line('userAgent', { userAgent: communication.user_agent ?? unknown }),
          '',
          communication.message,
        ].join('\n'),
        replyTo: communication.email,
        category: 'contact.support',
      };
    },
  };
}

export type MessageTemplates = ReturnType<typeof createMessageTemplates>;
