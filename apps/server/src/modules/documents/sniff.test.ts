import { describe, expect, it } from 'vitest';
import { documentFileName } from './sniff';

describe('documentFileName', () => {
  const pdf = { contentType: 'application/pdf', extension: 'pdf' } as const;

  it('gives the name the recognised type’s extension', () => {
    expect(documentFileName('passport.jpg', pdf)).toBe('passport.pdf');
    expect(documentFileName('statement', pdf)).toBe('statement.pdf');
    expect(documentFileName('my.bank.statement.PNG', pdf)).toBe('my.bank.statement.pdf');
  });

  it('drops folders and control characters, and never answers an empty or overlong name', () => {
    expect(documentFileName('C:\\Users\\me\\scan.png', pdf)).toBe('scan.pdf');
    expect(documentFileName('../../etc/passwd', pdf)).toBe('passwd.pdf');
    expect(documentFileName('a\u0000b\nc.png', pdf)).toBe('abc.pdf');
    expect(documentFileName(undefined, pdf)).toBe('document.pdf');
    expect(documentFileName('.hidden', pdf)).toBe('.hidden.pdf');
    expect(documentFileName(`${'x'.repeat(400)}.png`, pdf)).toHaveLength(255);
  });
});
