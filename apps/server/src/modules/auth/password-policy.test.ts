import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, hashPassword, passwordProblem, spendPasswordCheck, verifyPassword } from './password-policy';

describe('passwordProblem', () => {
  it('refuses the most common passwords whatever their case', () => {
    expect(passwordProblem('password', [])).toMatch(/too common/);
    expect(passwordProblem('QWERTY123', [])).toMatch(/too common/);
    for (const common of COMMON_PASSWORDS) expect(common.length).toBeGreaterThanOrEqual(6);
  });

  it('refuses one repeated character and the login itself', () => {
    expect(passwordProblem('zzzzzzzz', [])).toMatch(/too easy/);
    expect(passwordProblem('Ada.Lovelace@example.com', ['ada.lovelace@example.com'])).toMatch(/e-mail/);
    expect(passwordProblem('ada.lovelace', ['ada.lovelace@example.com'])).toMatch(/e-mail/);
    expect(passwordProblem('380501234567', [null, '380501234567'])).toMatch(/phone/);
  });

  it('accepts anything else: no composition rules', () => {
    expect(passwordProblem('correct horse battery staple', ['ada@example.com'])).toBeNull();
    expect(passwordProblem('längeres Passwort ✓', [])).toBeNull();
    expect(passwordProblem('qwerty7x', [undefined])).toBeNull();
  });
});

describe('argon2id hashing', () => {
  it('hashes with the OWASP parameters and verifies', async () => {
    const hashed = await hashPassword('Tr0ub4dor&3');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(verifyPassword(hashed, 'Tr0ub4dor&3')).resolves.toBe(true);
    await expect(verifyPassword(hashed, 'tr0ub4dor&3')).resolves.toBe(false);
    await expect(verifyPassword('not a hash', 'x')).resolves.toBe(false);
    await expect(spendPasswordCheck('anything')).resolves.toBeUndefined();
  });
});
