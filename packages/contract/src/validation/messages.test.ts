import { describe, it, expect } from 'vitest';
import { defaultMessages, formatMessage, isRuleName, messageFor, RULE_NAMES, ruleFailure } from './messages';

describe('formatMessage', () => {
  it('fills {min}, {max} and {param}', () => {
    expect(formatMessage('Between {min} and {max}', { min: 1, max: 10 })).toBe('Between 1 and 10');
    expect(formatMessage('Exactly {param} digits', { param: 6 })).toBe('Exactly 6 digits');
  });
  it('fills every occurrence and tolerates spaces in braces', () => {
    expect(formatMessage('{ min }-{min}', { min: 2 })).toBe('2-2');
  });
  it('leaves unknown placeholders untouched', () => {
    expect(formatMessage('At least {min}, got {value}', { min: 3 })).toBe('At least 3, got {value}');
    expect(formatMessage('No params {min}')).toBe('No params {min}');
  });
  it('does not read inherited properties', () => {
    expect(formatMessage('{toString}', {})).toBe('{toString}');
  });
  it('keeps zero values', () => {
    expect(formatMessage('min {min}', { min: 0 })).toBe('min 0');
  });
});

describe('messageFor', () => {
  it('prefers content templates and falls back to English', () => {
    const templates = { minLength: 'Mínimo {min} caracteres' };
    expect(messageFor(ruleFailure('minLength', { min: 6 }), templates)).toBe('Mínimo 6 caracteres');
    expect(messageFor(ruleFailure('maxLength', { max: 20 }), templates)).toBe('Enter at most 20 characters.');
    expect(messageFor(ruleFailure('required'))).toBe('This field is required.');
  });
});

describe('rule names', () => {
  it('every rule has a default message', () => {
    expect(Object.keys(defaultMessages).sort()).toEqual([...RULE_NAMES].sort());
  });
  it('isRuleName', () => {
    expect(isRuleName('minLength')).toBe(true);
    expect(isRuleName('Invalid input')).toBe(false);
    expect(isRuleName(3)).toBe(false);
  });
  it('ruleFailure omits params when there are none', () => {
    expect(ruleFailure('email')).toEqual({ rule: 'email' });
    expect(Object.hasOwn(ruleFailure('email'), 'params')).toBe(false);
  });
});
