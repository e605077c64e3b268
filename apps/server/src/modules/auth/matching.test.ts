import { describe, expect, it } from 'vitest';
import { normalizeEmailForMatching } from './matching';

describe('normalizeEmailForMatching', () => {
  it('matches the same mailbox written differently', () => {
    expect(normalizeEmailForMatching(' Ada.Lovelace+casino@GMail.com ')).toBe('adalovelace@gmail.com');
    expect(normalizeEmailForMatching('ada.lovelace@googlemail.com')).toBe('adalovelace@gmail.com');
    expect(normalizeEmailForMatching('Ada+x@Example.org')).toBe('ada@example.org');
  });

  it('keeps dots outside Gmail and leaves odd input alone', () => {
    expect(normalizeEmailForMatching('ada.lovelace@example.org')).toBe('ada.lovelace@example.org');
    expect(normalizeEmailForMatching('+tag@example.org')).toBe('+tag@example.org');
    expect(normalizeEmailForMatching('no-at-sign')).toBe('no-at-sign');
  });
});
