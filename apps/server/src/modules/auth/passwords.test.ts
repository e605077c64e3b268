import { describe, expect, it, vi } from 'vitest';
import { createBackgroundTasks } from '../../lib/background';
import type { EmailSender, MessageTemplates } from '../notifications';
import type { CodesRepository } from './codes-repository';
import type * as Crypto from './crypto';
import { createLinks } from './links';
import { createPasswordService } from './passwords';
import type { AuthRepository, CredentialsRow } from './repository';
import type { SessionService } from './sessions';

/** Every expensive step, in order: what a reset request costs before its answer and after. */
const steps: string[] = [];

vi.mock('./crypto', async (importOriginal) => {
  const original = await importOriginal<typeof Crypto>();
  return {
    ...original,
    randomToken: (bytes?: number) => {
      steps.push('randomToken');
      return original.randomToken(bytes);
    },
    sha256Hex: (text: string) => {
      steps.push('sha256Hex');
      return original.sha256Hex(text);
    },
  };
});

const KNOWN_EMAIL = 'known@example.com';
const KNOWN: CredentialsRow = {
  id: '7d0c2c3e-52d4-4ad6-9a43-2f4f6d8f1b10',
  email: KNOWN_EMAIL,
  phone: null,
  password_hash: 'x',
  status: 1,
  failed_login_count: 0,
  lockout_count: 0,
  locked_until: null,
  closed_at: null,
  locale: 'de',
};

function service() {
  const repository = {
    findCredentialsByEmail: (email: string) => {
      steps.push('findCredentialsByEmail');
      return Promise.resolve(email === KNOWN_EMAIL ? KNOWN : undefined);
    },
  } as unknown as AuthRepository;
  const codes = {
    countPasswordResetsSince: () => {
      steps.push('countPasswordResetsSince');
      return Promise.resolve(0);
    },
    insertPasswordResetWithin: () => {
      steps.push('insertPasswordResetWithin');
      return Promise.resolve(true);
    },
  } as unknown as CodesRepository;
  const email: EmailSender = {
    transport: 'dev-outbox',
    send: () => {
      steps.push('send');
      return Promise.resolve({ id: 'm1' });
    },
  };
  const background = createBackgroundTasks({ error: () => undefined });
  const passwords = createPasswordService({
    repository,
    codes,
    sessions: {} as unknown as SessionService,
    email,
    // Rendering is tested with the templates; here only the steps count.
    templates: {
      passwordReset: (input: { to: string }) =>
        Promise.resolve({ to: input.to, subject: 'Reset', text: 'Reset', category: 'auth.password-reset' }),
    } as unknown as MessageTemplates,
    links: createLinks({ siteUrl: 'https://casino.example' }),
    supportEmail: 'support@casino.example',
    background,
  });
  return { passwords, background };
}

const log = { error: () => undefined, info: () => undefined };

async function request(address: string) {
  const { passwords, background } = service();
  steps.length = 0;
  const answer = await passwords.requestReset(address, '10.0.0.1', log);
  const beforeAnswer = [...steps];
  await background.settled();
  return { answer, beforeAnswer, afterAnswer: steps.slice(beforeAnswer.length) };
}

describe('password reset request', () => {
  it('does the same work before answering for a known and an unknown address, and answers the same', async () => {
    const known = await request(KNOWN_EMAIL);
    const unknown = await request('nobody@example.com');
    expect(known.beforeAnswer).toEqual([
      'findCredentialsByEmail',
      'countPasswordResetsSince',
      'randomToken',
      'sha256Hex',
    ]);
    expect(unknown.beforeAnswer).toEqual(known.beforeAnswer);
    expect(unknown.answer).toEqual(known.answer);
    // Storing the code and mailing it come after the answer, and only for the account.
    expect(known.afterAnswer).toEqual(['insertPasswordResetWithin', 'send']);
    expect(unknown.afterAnswer).toEqual([]);
  });
});
