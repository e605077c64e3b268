/**
 * The form of an e-mail address used to match people against the self-exclusion
 * register: the same mailbox written differently must still match. Lower case; a
 * `+tag` dropped from the local part (most providers deliver `ada+x@` to `ada@`); dots
 * dropped and googlemail.com read as gmail.com for Gmail, which ignores them.
 */
export function normalizeEmailForMatching(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}
