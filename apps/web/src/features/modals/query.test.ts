import { describe, expect, it } from 'vitest';
import { modalsFromQuery, withoutQueryKeys } from './query';

const query = (search: string) => modalsFromQuery(new URLSearchParams(search));

describe('modals from the URL query', () => {
  it('opens flag modals by key', () => {
    expect(query('?sign-up=true')).toEqual([{ name: 'sign-up', props: {}, queryKeys: ['sign-up'] }]);
    expect(query('?sign-in')).toEqual([{ name: 'sign-in', props: {}, queryKeys: ['sign-in'] }]);
    expect(query('?profile-confirmed=1')).toEqual([
      { name: 'profile-confirmed', props: {}, queryKeys: ['profile-confirmed'] },
    ]);
  });

  it('ignores keys switched off and unknown keys', () => {
    expect(query('?sign-up=false')).toEqual([]);
    expect(query('?sign-up=0')).toEqual([]);
    expect(query('?casino=true&stag=abc')).toEqual([]);
  });

  it('passes the wallet tab and accepts only deposit or withdraw', () => {
    expect(query('?wallet=deposit')).toEqual([{ name: 'wallet', props: { tab: 'deposit' }, queryKeys: ['wallet'] }]);
    expect(query('?wallet=withdraw')[0]?.props).toEqual({ tab: 'withdraw' });
    expect(query('?wallet=steal')).toEqual([]);
  });

  it('passes resetCode to reset-pass', () => {
    expect(query('?reset-pass=true&resetCode=abc')).toEqual([
      { name: 'reset-pass', props: { resetCode: 'abc' }, queryKeys: ['reset-pass', 'resetCode'] },
    ]);
    expect(query('?reset-pass=true')).toEqual([{ name: 'reset-pass', props: {}, queryKeys: ['reset-pass'] }]);
  });

  it('keeps the order of the keys in the URL', () => {
    expect(query('?success=1&wallet=deposit&sign-in=1').map((request) => request.name)).toEqual(['wallet', 'sign-in']);
    expect(query('?sign-up=1&deposit-error=1').map((request) => request.name)).toEqual(['sign-up', 'deposit-error']);
  });

  it('removes keys and keeps the rest of the query', () => {
    const params = new URLSearchParams('?reset-pass=true&resetCode=abc&stag=x');
    expect(withoutQueryKeys(params, ['reset-pass', 'resetCode'])?.toString()).toBe('stag=x');
    expect(withoutQueryKeys(params, ['wallet'])).toBeNull();
    expect(params.toString()).toBe('reset-pass=true&resetCode=abc&stag=x');
  });
});
