import { describe, expect, it } from 'vitest';
import { parsePlayLocation } from './url';

describe('parsePlayLocation', () => {
  it('reads the token from the fragment, the mode from the query', () => {
    expect(parsePlayLocation({ pathname: '/play/dice', search: '?mode=demo&lang=de', hash: '#token=a%2Bb_c' })).toEqual(
      { identity: 'dice', mode: 'demo', token: 'a+b_c' },
    );
  });

  it('ignores a token in the query string (it would reach the server and its logs)', () => {
    expect(parsePlayLocation({ pathname: '/play/dice', search: '?mode=real&token=leaked', hash: '' })).toEqual({
      identity: 'dice',
      mode: 'real',
      token: null,
    });
  });
});
