import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { backRouteOfState, classifySocialError, failureAlert, providerFailure, safePath } from './logic';

describe('social callback logic', () => {
  it('returns to the state’s back route, same-site paths only', () => {
    const state = (backRoute: string) => JSON.stringify({ backRoute: encodeURIComponent(backRoute), flow: 'x' });
    expect(backRouteOfState(state('/de/casino?tab=new'), '/')).toBe('/de/casino?tab=new');
    expect(backRouteOfState(state('//evil.example/x'), '/en')).toBe('/en');
    expect(backRouteOfState(state('https://evil.example'), '/en')).toBe('/en');
    expect(backRouteOfState(state('/\\evil.example'), '/en')).toBe('/en');
    expect(backRouteOfState('not json', '/en')).toBe('/en');
    expect(backRouteOfState('{"backRoute": 5}', '/en')).toBe('/en');
    expect(backRouteOfState('{"backRoute": "%E0%A4%A"}', '/en')).toBe('/en');
    expect(backRouteOfState(null, '/en')).toBe('/en');
    expect(safePath('/ok', '/')).toBe('/ok');
  });

  it('classifies failures: 11001, 11002, anything else', () => {
    expect(classifySocialError(new ApiError(400, 11001, 'no verified e-mail'))).toBe('emailNotVerified');
    expect(classifySocialError(new ApiError(403, 11002, 'blocked'))).toBe('blocked');
    expect(classifySocialError(new ApiError(400, 1000, 'expired'))).toBe('other');
    expect(classifySocialError(new ApiError(451, 11006, 'geo'))).toBe('other');
    expect(classifySocialError(new TypeError('network'))).toBe('other');
  });

  it('reads a provider error from the callback URL', () => {
    expect(providerFailure(new URLSearchParams('code=1&state=x'))).toBeNull();
    expect(providerFailure(new URLSearchParams('error=access_denied&state=x'))).toBe('cancelled');
    expect(providerFailure(new URLSearchParams('error=expired'))).toBe('other');
  });

  it('names the alert of each failure', () => {
    expect(failureAlert('emailNotVerified')).toBe('emailVerificationError');
    expect(failureAlert('blocked')).toBe('accountBlocked');
    expect(failureAlert('other')).toBe('somethingWrong');
    expect(failureAlert('cancelled')).toBeNull();
  });
});
