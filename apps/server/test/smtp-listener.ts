import net from 'node:net';

/**
 * A minimal SMTP server for tests, on 127.0.0.1 and a free port: just enough of RFC 5321
 * (EHLO/HELO, AUTH PLAIN, MAIL, RCPT, DATA, RSET, NOOP, QUIT) for nodemailer to deliver
 * to it. It keeps every message it accepts; no TLS, no queue, nothing relayed.
 */
export interface ReceivedMail {
  /** Credentials of AUTH PLAIN, when the client authenticated. */
  auth: { user: string; pass: string } | undefined;
  mailFrom: string;
  rcptTo: string[];
  /** The message as sent: headers, blank line, body (dot-stuffing undone). */
  data: string;
}

export interface SmtpListener {
  port: number;
  messages: ReceivedMail[];
  /** Resolves once `count` messages have arrived in total. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

interface Session {
  auth: ReceivedMail['auth'];
  mailFrom: string | undefined;
  rcptTo: string[];
  dataLines: string[] | undefined;
  awaitingAuthPlain: boolean;
}

function decodePlainAuth(base64: string): ReceivedMail['auth'] {
  const [, user = '', pass = ''] = Buffer.from(base64, 'base64').toString('utf8').split('\0');
  return { user, pass };
}

function addressOf(argument: string): string {
  return /<([^>]*)>/.exec(argument)?.[1] ?? argument.trim();
}

export async function startSmtpListener(options: { rejectRecipients?: boolean } = {}): Promise<SmtpListener> {
  const messages: ReceivedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const session: Session = {
      auth: undefined,
      mailFrom: undefined,
      rcptTo: [],
      dataLines: undefined,
      awaitingAuthPlain: false,
    };
    let buffered = '';

    const handle = (line: string): void => {
      if (session.dataLines) {
        if (line !== '.') {
          session.dataLines.push(line.startsWith('..') ? line.slice(1) : line);
          return;
        }
        messages.push({
          auth: session.auth,
          mailFrom: session.mailFrom ?? '',
          rcptTo: session.rcptTo,
          data: session.dataLines.join('\r\n'),
        });
        session.dataLines = undefined;
        session.mailFrom = undefined;
        session.rcptTo = [];
        reply(`250 2.0.0 Ok: queued as test${messages.length}`);
        for (const waiter of waiters.filter((w) => messages.length >= w.count)) waiter.resolve();
        return;
      }
      if (session.awaitingAuthPlain) {
        session.awaitingAuthPlain = false;
        session.auth = decodePlainAuth(line);
        reply('235 2.7.0 Authentication successful');
        return;
      }
      const [verb = '', ...rest] = line.split(' ');
      const argument = rest.join(' ');
      switch (verb.toUpperCase()) {
        case 'EHLO':
          reply('250-127.0.0.1 hello');
          reply('250-AUTH PLAIN');
          reply('250-8BITMIME');
          reply('250 SMTPUTF8');
          return;
        case 'HELO':
          reply('250 127.0.0.1 hello');
          return;
        case 'AUTH': {
          const [mechanism = '', initial] = argument.split(' ');
          if (mechanism.toUpperCase() !== 'PLAIN') {
            reply('504 5.5.4 Unrecognized authentication type');
          } else if (initial) {
            session.auth = decodePlainAuth(initial);
            reply('235 2.7.0 Authentication successful');
          } else {
            session.awaitingAuthPlain = true;
            reply('334 ');
          }
          return;
        }
        case 'MAIL':
          session.mailFrom = addressOf(argument.replace(/^FROM:/i, '').split(' ')[0] ?? '');
          reply('250 2.1.0 Ok');
          return;
        case 'RCPT':
          if (options.rejectRecipients) {
            reply('550 5.1.1 Recipient address rejected');
            return;
          }
          session.rcptTo.push(addressOf(argument.replace(/^TO:/i, '').split(' ')[0] ?? ''));
          reply('250 2.1.5 Ok');
          return;
        case 'DATA':
          if (!session.mailFrom || session.rcptTo.length === 0) {
            reply('503 5.5.1 Need MAIL and RCPT first');
            return;
          }
          session.dataLines = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
          return;
        case 'RSET':
          session.mailFrom = undefined;
          session.rcptTo = [];
          reply('250 2.0.0 Ok');
          return;
        case 'NOOP':
          reply('250 2.0.0 Ok');
          return;
        case 'QUIT':
          reply('221 2.0.0 Bye');
          socket.end();
          return;
        default:
          reply('502 5.5.2 Command not recognized');
      }
    };

    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let index: number;
      while ((index = buffered.indexOf('\r\n')) !== -1) {
        const line = buffered.slice(0, index);
        buffered = buffered.slice(index + 2);
        handle(line);
      }
    });
    reply('220 127.0.0.1 ESMTP test listener');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP listener has no port');

  return {
    port: address.port,
    messages,
    waitFor(count, timeoutMs = 5_000) {
      if (messages.length >= count) return Promise.resolve(messages.slice());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} messages, got ${messages.length}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(messages.slice());
          },
        });
      });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Header value of a received message (first occurrence, folded lines joined). */
export function headerOf(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.data.split('\r\n\r\n')[0] ?? '';
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const line = unfolded.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The message's text with quoted-printable soft breaks and escapes undone (enough for assertions). */
export function decodedBody(mail: ReceivedMail): string {
  const body = mail.data.split('\r\n\r\n').slice(1).join('\r\n\r\n');
  return body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\r\n/g, '\n');
}
