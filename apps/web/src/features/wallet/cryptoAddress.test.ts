import { describe, expect, it } from 'vitest';
import { addressReducer, firstShowing, initialAddressState, type AddressState } from './cryptoAddress';

const shown = (request: number, address: string): AddressState => ({ status: 'shown', request, address });

describe('crypto address view', () => {
  it('goes back to loading at once when the network changes, with a newer request', () => {
    const state = addressReducer(shown(1, 'bc1qold'), { type: 'request' });
    expect(state).toEqual({ status: 'loading', request: 2 });
  });

  it('ignores the answer to an earlier network', () => {
    let state = addressReducer(initialAddressState, { type: 'request' });
    state = addressReducer(state, { type: 'request' });
    expect(addressReducer(state, { type: 'answered', request: 1, address: 'bc1qold' })).toBe(state);
    expect(addressReducer(state, { type: 'answered', request: 2, address: '0xnew', tag: '7' })).toEqual({
      status: 'shown',
      request: 2,
      address: '0xnew',
      tag: '7',
      qr: undefined,
    });
  });

  it('shows a refused request (422) with its field errors instead of loading forever', () => {
    const loading = addressReducer(initialAddressState, { type: 'request' });
    expect(
      addressReducer(loading, { type: 'failed', request: 1, fieldErrors: { crypto_network: 'Unknown network.' } }),
    ).toEqual({ status: 'failed', request: 1, fieldErrors: { crypto_network: 'Unknown network.' } });
    // An answer without an address is a failure too; a retry loads again.
    const failed = addressReducer(loading, { type: 'answered', request: 1, address: undefined });
    expect(failed).toEqual({ status: 'failed', request: 1, fieldErrors: {} });
    expect(addressReducer(failed, { type: 'request' }).status).toBe('loading');
  });

  it('reports each address shown once to the funnel', () => {
    const reported = new Set<string>();
    expect(firstShowing(reported, 'bc1qa')).toBe(true);
    expect(firstShowing(reported, 'bc1qa')).toBe(false);
    expect(firstShowing(reported, 'rXRP', '100001')).toBe(true);
    expect(firstShowing(reported, 'rXRP', '100002')).toBe(true);
  });
});
