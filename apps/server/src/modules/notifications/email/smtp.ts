import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { EmailSender } from './types';

export interface SmtpTimeouts {
  connectionTimeoutMs: number;
  greetingTimeoutMs: number;
  socketTimeoutMs: number;
}

/**
 * A contact-form request waits for its e-mails: fail within seconds rather than after
 * nodemailer's defaults (2 minutes to connect, 10 minutes of socket inactivity).
 */
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionTimeoutMs: 10_000,
  greetingTimeoutMs: 10_000,
  socketTimeoutMs: 30_000,
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);

function queryFlag(url: URL, name: string): boolean | undefined {
  const value = url.searchParams.get(name);
  if (value === null) return undefined;
  return value === 'true' || value === '1' || value === 'yes';
}

/**
 * Transport options from `SMTP_URL`: `smtp://` (plain, upgraded with STARTTLS when the
 * server offers it) or `smtps://` (TLS from the start, port 465 by default); user and
 * password URL-encoded. Query switches: `requireTLS`, `ignoreTLS`, `rejectUnauthorized`.
 *
 * Credentials are never sent in clear text to another machine: with a user in a
 * plain `smtp://` URL to a non-loopback host, STARTTLS is required unless the URL says
 * `requireTLS=false`.
 */
export function smtpOptionsFromUrl(
  smtpUrl: string,
  timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS,
): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('SMTP_URL must be smtp:// or smtps://');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const secure = url.protocol === 'smtps:';
  const options: SMTPTransport.Options = {
    host,
    secure,
    connectionTimeout: timeouts.connectionTimeoutMs,
    greetingTimeout: timeouts.greetingTimeoutMs,
    socketTimeout: timeouts.socketTimeoutMs,
  };
  if (url.port) options.port = Number(url.port);
  if (url.username) {
    options.auth = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  }
  const requireTls =
    queryFlag(url, 'requireTLS') ?? (!secure && options.auth !== undefined && !LOOPBACK_HOSTS.has(host));
  if (requireTls) options.requireTLS = true;
  if (queryFlag(url, 'ignoreTLS')) options.ignoreTLS = true;
  const rejectUnauthorized = queryFlag(url, 'rejectUnauthorized');
  if (rejectUnauthorized !== undefined) options.tls = { rejectUnauthorized };
  return options;
}

/** The real adapter: one SMTP connection per message through nodemailer. */
export function createSmtpEmailSender(options: { url: string; from: string; timeouts?: SmtpTimeouts }): EmailSender {
  const transporter = nodemailer.createTransport(smtpOptionsFromUrl(options.url, options.timeouts), {
    from: options.from,
  });
  return {
    transport: 'smtp',
    async send(message) {
      const info = await transporter.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
        headers: { 'X-Croupier-Category': message.category },
      });
      return { id: info.messageId };
    },
  };
}
