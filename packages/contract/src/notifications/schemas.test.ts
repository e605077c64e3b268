import { describe, expect, it } from 'vitest';
import { fieldFailures } from '../validation/zod';
import { communicationBodySchema, devOutboxQuerySchema } from './schemas';

function failures(body: unknown) {
  const result = communicationBodySchema.safeParse(body);
  return result.success ? {} : fieldFailures(result.error);
}

describe('communicationBodySchema', () => {
  it('accepts e-mail and message, trimmed, with optional name, subject and locale', () => {
    expect(
      communicationBodySchema.parse({
        email: ' a@example.com ',
        message: ' Hi ',
        name: ' Ada ',
        subject: 'Question',
        locale: 'pt-BR',
      }),
    ).toEqual({ email: 'a@example.com', message: 'Hi', name: 'Ada', subject: 'Question', locale: 'pt-BR' });
  });

  it('reports shared rule names, with the limit for maxLength', () => {
    expect(failures({})).toEqual({ email: { rule: 'required' }, message: { rule: 'required' } });
    expect(failures({ email: null, message: '  ' })).toEqual({
      email: { rule: 'required' },
      message: { rule: 'required' },
    });
    expect(failures({ email: 'nope', message: 'x' })).toEqual({ email: { rule: 'email' } });
    expect(failures({ email: 7, message: ['x'] })).toEqual({
      email: { rule: 'invalid' },
      message: { rule: 'invalid' },
    });
    expect(failures({ email: 'a@example.com', message: 'x'.repeat(5001) })).toEqual({
      message: { rule: 'maxLength', params: { max: 5000 } },
    });
    expect(failures({ email: 'a@example.com', message: 'x', name: 'n'.repeat(101) })).toEqual({
      name: { rule: 'maxLength', params: { max: 100 } },
    });
    expect(failures({ email: 'a@example.com', message: 'x', locale: 'nope!' })).toEqual({ locale: { rule: 'regex' } });
  });

  it('reports one failure per field: an over-long address is not also "not an e-mail"', () => {
    const result = communicationBodySchema.safeParse({ email: `${'a'.repeat(300)}@example.com`, message: 'x' });
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.message).toBe('maxLength');
  });

  it('carries the honeypot through so the server can see it', () => {
    expect(communicationBodySchema.parse({ email: 'a@example.com', message: 'x', website: 'spam' }).website).toBe(
      'spam',
    );
  });
});

describe('devOutboxQuerySchema', () => {
  it('pages and filters by channel and recipient', () => {
    expect(devOutboxQuerySchema.parse({})).toEqual({ page: 1, perPage: 10 });
    expect(devOutboxQuerySchema.parse({ page: '2', perPage: '5', channel: 'sms', to: ' 380501234567 ' })).toEqual({
      page: 2,
      perPage: 5,
      channel: 'sms',
      to: '380501234567',
    });
    expect(devOutboxQuerySchema.safeParse({ channel: 'fax' }).success).toBe(false);
  });
});
