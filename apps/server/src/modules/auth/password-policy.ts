import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * Password hashing and the rules beyond length (which the contract checks): argon2id
 * with the OWASP parameters (19 MiB, 2 passes, 1 lane), no composition rules, and a
 * refusal of the passwords that every guessing list starts with.
 */

// `Algorithm` is an ambient const enum, which isolatedModules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

export const ARGON2_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a hash that cannot be read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real check when there is no account to check against, so that
 * the answer time does not tell which logins exist.
 */
export async function spendPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('croupier-dummy-password');
  await verifyPassword(await dummyHash, password);
}

/**
 * The most common passwords of public breach lists (lower case), of at least the minimum
 * length. Small on purpose: a built-in list catches what attackers try first.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `
  123456 1234567 12345678 123456789 1234567890 0123456789 12345678910 123123 123321 1234561 123654
  123qwe 12qwaszx 1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qazxsw2 111111 1111111 11111111 000000
  00000000 121212 112233 123abc 159753 222222 333333 444444 555555 654321 666666 696969 777777
  7777777 888888 88888888 987654321 999999 abc123 abcdef abcd1234 access admin123 administrator
  asdasd asdf1234 asdfgh asdfghjkl azerty bailey baseball batman charlie chocolate computer dragon
  football freedom hello1 hello123 iloveyou iloveyou1 jennifer jordan23 letmein liverpool lovely
  master michael monkey mustang passw0rd password password1 password12 password123 princess qazwsx
  qwe123 qwerty qwerty1 qwerty12 qwerty123 qwertyuiop samsung shadow soccer starwars sunshine
  superman trustno1 welcome welcome1 whatever zaq12wsx zxcvbn zxcvbnm secret secret1 changeme default
  casino casino1 casino123 poker1 jackpot blackjack roulette croupier bitcoin lucky7 money1 million
  winner winner1
  `
    .trim()
    .split(/\s+/),
);

/**
 * Why a new password is refused, or null. `identifiers` are the account's e-mail and
 * phone: a password equal to one of them (or to the e-mail's local part) is the first
 * thing an attacker who knows the login tries.
 */
export function passwordProblem(password: string, identifiers: readonly (string | null | undefined)[]): string | null {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'This password is too common. Choose another one.';
  if (/^(.)\1*$/su.test(password)) return 'This password is too easy to guess. Choose another one.';
  for (const identifier of identifiers) {
    if (!identifier) continue;
    const id = identifier.toLowerCase();
    const local = id.includes('@') ? id.slice(0, id.indexOf('@')) : null;
    if (lower === id || lower === local) return 'The password must not be your e-mail address or phone number.';
  }
  return null;
}
