import { describe, expect, it } from 'vitest';
import { durationLabel, fromSelectValue, OFF, toSelectValue } from './logic';

describe('play settings choices', () => {
  it('maps off to null and back', () => {
    expect(toSelectValue(null)).toBe(OFF);
    expect(fromSelectValue(OFF)).toBeNull();
    expect(fromSelectValue(toSelectValue(45))).toBe(45);
  });

  it('labels whole hours as hours, other choices as minutes', () => {
    expect(durationLabel(120)).toEqual({ key: 'hours', count: 2 });
    expect(durationLabel(90)).toEqual({ key: 'minutes', count: 90 });
    expect(durationLabel(15)).toEqual({ key: 'minutes', count: 15 });
  });
});
