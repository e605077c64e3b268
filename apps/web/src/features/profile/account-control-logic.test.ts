import { describe, expect, it } from 'vitest';
import { closureBody, closureProblems, EMPTY_CLOSURE, exportFileName } from './account-control-logic';

describe('account closure form', () => {
  it('needs a reason, the password and the positive confirmation', () => {
    expect(closureProblems(EMPTY_CLOSURE)).toEqual(['reason', 'password', 'confirmed']);
    expect(closureProblems({ ...EMPTY_CLOSURE, reason: 'other', password: 'secret' })).toEqual(['confirmed']);
    expect(closureBody({ ...EMPTY_CLOSURE, reason: 'other', password: 'secret' })).toBeNull();
  });

  it('sends the trimmed comment, and none when it is blank', () => {
    const values = { reason: 'gambling' as const, password: 'secret', confirmed: true, comment: '  too much  ' };
    expect(closureBody(values)).toEqual({ reason: 'gambling', password: 'secret', comment: 'too much' });
    expect(closureBody({ ...values, comment: '   ' })).toEqual({ reason: 'gambling', password: 'secret' });
    expect(closureBody({ ...values, comment: 'x'.repeat(600) })?.comment).toHaveLength(500);
  });
});

describe('data export file', () => {
  it('is named by the day of the export', () => {
    expect(exportFileName('2026-11-26T12:30:00.000Z')).toBe('croupier-data-2026-11-26.json');
    expect(exportFileName('')).toBe('croupier-data-export.json');
  });
});
