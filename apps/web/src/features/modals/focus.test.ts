import { describe, expect, it } from 'vitest';
import { nextFocusIndex } from './focus';

describe('focus trap order', () => {
  it('cycles forward and backward at both ends', () => {
    expect(nextFocusIndex(0, 3, false)).toBe(1);
    expect(nextFocusIndex(2, 3, false)).toBe(0);
    expect(nextFocusIndex(0, 3, true)).toBe(2);
    expect(nextFocusIndex(1, 3, true)).toBe(0);
  });

  it('enters at the first or last element from outside', () => {
    expect(nextFocusIndex(-1, 3, false)).toBe(0);
    expect(nextFocusIndex(-1, 3, true)).toBe(2);
  });

  it('has nowhere to go without tabbable elements', () => {
    expect(nextFocusIndex(-1, 0, false)).toBe(-1);
  });
});
