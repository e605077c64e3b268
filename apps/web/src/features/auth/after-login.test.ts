import { describe, expect, it } from 'vitest';
import { rememberPreviousSignIn, takePreviousSignIn } from './after-login';

describe('previous sign-in notice', () => {
  it('is shown once per sign-in', () => {
    rememberPreviousSignIn('2026-11-25T08:00:00.000Z');
    expect(takePreviousSignIn()).toBe('2026-11-25T08:00:00.000Z');
    expect(takePreviousSignIn()).toBeNull();
    rememberPreviousSignIn(null);
    expect(takePreviousSignIn()).toBeNull();
  });
});
