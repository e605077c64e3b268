import { describe, it, expect } from 'vitest';
import {
  ageOn,
  compareDates,
  daysInMonth,
  formatDateText,
  hasControlCharacter,
  isAffirmative,
  isAfter,
  isAfterOrEqual,
  isAlpha,
  isAlphaDash,
  isAlphaNum,
  isArray,
  isBefore,
  isBeforeOrEqual,
  isBetween,
  isBooleanLike,
  isCountryCode,
  isCpf,
  isDate,
  isDecimal,
  isDigits,
  isEmail,
  isEmpty,
  isInteger,
  isIp,
  isLanguageCode,
  isLeapYear,
  isLength,
  isLowercase,
  isMax,
  isMaxAge,
  isMaxLength,
  isMin,
  isMinAge,
  isMinLength,
  isNegative,
  isNumeric,
  isOtp,
  isPhone,
  isPresent,
  isSameAs,
  isSlug,
  isUppercase,
  isUrl,
  matchesRegex,
  normalizeCpf,
  parseDate,
  parsePhone,
  toRegExp,
} from './rules';

const EMPTY_VALUES = [undefined, null, ''] as const;

describe('hasControlCharacter', () => {
  it('finds C0 controls and DEL; multi-line text may hold tab and line breaks', () => {
    for (const text of ['a\u0000b', 'bell\u0007', '\u001b[2J', 'del\u007f']) {
      expect(hasControlCharacter(text)).toBe(true);
      expect(hasControlCharacter(text, { multiLine: true })).toBe(true);
    }
    expect(hasControlCharacter('line\r\nnext\tcell')).toBe(true);
    expect(hasControlCharacter('line\r\nnext\tcell', { multiLine: true })).toBe(false);
    expect(hasControlCharacter('Zoë ü 名前 🎰')).toBe(false);
  });
});

describe('empty values', () => {
  const optionalRules: Array<[string, (value: unknown) => boolean]> = [
    ['isCountryCode', isCountryCode],
    ['isLanguageCode', isLanguageCode],
    ['isPhone', isPhone],
    ['isLowercase', isLowercase],
    ['isUppercase', isUppercase],
    ['isAffirmative', isAffirmative],
    ['isNegative', isNegative],
    ['isDate', isDate],
    ['isAfter', (v) => isAfter(v, '2020-1-1')],
    ['isAfterOrEqual', (v) => isAfterOrEqual(v, '2020-1-1')],
    ['isBefore', (v) => isBefore(v, '2020-1-1')],
    ['isBeforeOrEqual', (v) => isBeforeOrEqual(v, '2020-1-1')],
    ['isSlug', isSlug],
    ['isArray', isArray],
    ['isBooleanLike', isBooleanLike],
    ['isMin', (v) => isMin(v, 5)],
    ['isMax', (v) => isMax(v, 5)],
    ['isBetween', (v) => isBetween(v, 1, 5)],
    ['isMinLength', (v) => isMinLength(v, 5)],
    ['isMaxLength', (v) => isMaxLength(v, 5)],
    ['isLength', (v) => isLength(v, 5)],
    ['isDigits', (v) => isDigits(v, 5)],
    ['matchesRegex', (v) => matchesRegex(v, /^x$/)],
    ['isUrl', (v) => isUrl(v)],
    ['isIp', (v) => isIp(v)],
    ['isAlpha', isAlpha],
    ['isAlphaNum', isAlphaNum],
    ['isAlphaDash', isAlphaDash],
    ['isSameAs', (v) => isSameAs(v, 'x')],
    ['isMinAge', (v) => isMinAge(v, 18, '2024-1-1')],
    ['isMaxAge', (v) => isMaxAge(v, 18, '2024-1-1')],
    ['isEmail', isEmail],
    ['isNumeric', isNumeric],
    ['isInteger', isInteger],
    ['isDecimal', isDecimal],
    ['isCpf', isCpf],
    ['isOtp', isOtp],
  ];
  for (const [name, rule] of optionalRules) {
    it(`${name} passes on undefined, null and ''`, () => {
      for (const value of EMPTY_VALUES) expect(rule(value)).toBe(true);
    });
  }

  it('isEmpty recognises exactly undefined, null and empty text', () => {
    expect(EMPTY_VALUES.map(isEmpty)).toEqual([true, true, true]);
    expect([0, false, ' ', [], {}].map(isEmpty)).toEqual([false, false, false, false, false]);
  });
});

describe('isPresent (required)', () => {
  it('fails on missing values, blank text and empty lists', () => {
    expect([undefined, null, '', '   ', [], {}, Number.NaN].map(isPresent)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
  it('passes on real values including 0 and false', () => {
    expect(['a', 0, false, [1], { a: 1 }, new Date(0)].map(isPresent)).toEqual([true, true, true, true, true, true]);
  });
  it('fails on an invalid Date', () => {
    expect(isPresent(new Date(Number.NaN))).toBe(false);
  });
});

describe('isCountryCode / isLanguageCode', () => {
  it('country code is exactly two uppercase letters', () => {
    expect(isCountryCode('BR')).toBe(true);
    expect(isCountryCode('br')).toBe(false);
    expect(isCountryCode('Br')).toBe(false);
    expect(isCountryCode('BRA')).toBe(false);
    expect(isCountryCode('B')).toBe(false);
    expect(isCountryCode('B1')).toBe(false);
    expect(isCountryCode(' BR')).toBe(false);
    expect(isCountryCode(12)).toBe(false);
  });
  it('language code is exactly two lowercase letters', () => {
    expect(isLanguageCode('en')).toBe(true);
    expect(isLanguageCode('EN')).toBe(false);
    expect(isLanguageCode('eng')).toBe(false);
    expect(isLanguageCode('pt-BR')).toBe(false);
    expect(isLanguageCode('e')).toBe(false);
    expect(isLanguageCode(['en'])).toBe(false);
  });
});

describe('phone', () => {
  it('accepts valid numbers from several countries, with and without +', () => {
    const numbers: Array<[string, string, string]> = [
      ['+14155552671', '+14155552671', 'US'],
      ['14155552671', '+14155552671', 'US'],
      ['+5511987654321', '+5511987654321', 'BR'],
      ['5511987654321', '+5511987654321', 'BR'],
      ['4915112345678', '+4915112345678', 'DE'],
      ['+380501234567', '+380501234567', 'UA'],
      ['+919876543210', '+919876543210', 'IN'],
      ['33612345678', '+33612345678', 'FR'],
      ['+1 (415) 555-2671', '+14155552671', 'US'],
    ];
    for (const [input, e164, country] of numbers) {
      expect(parsePhone(input)).toEqual({ ok: true, value: e164, country });
      expect(isPhone(input)).toBe(true);
    }
  });

  it('accepts a number value (digits without +)', () => {
    expect(parsePhone(14155552671)).toEqual({ ok: true, value: '+14155552671', country: 'US' });
  });

  it('reports each parser error kind', () => {
    expect(parsePhone('abc')).toEqual({ ok: false, error: 'NOT_A_NUMBER' });
    expect(parsePhone('+999123456')).toEqual({ ok: false, error: 'INVALID_COUNTRY' });
    expect(parsePhone('0014155552671')).toEqual({ ok: false, error: 'INVALID_COUNTRY' });
    expect(parsePhone('+7')).toEqual({ ok: false, error: 'TOO_SHORT' });
    expect(parsePhone('1415555267')).toEqual({ ok: false, error: 'TOO_SHORT' });
    expect(parsePhone('+1415555267100000000000')).toEqual({ ok: false, error: 'TOO_LONG' });
    expect(parsePhone('4479111234567')).toEqual({ ok: false, error: 'TOO_LONG' });
    expect(parsePhone('1'.repeat(260))).toEqual({ ok: false, error: 'TOO_LONG' });
  });

  it('refuses numbers of the right length outside the numbering plan (max metadata)', () => {
    expect(parsePhone('+15550000000')).toEqual({ ok: false, error: 'NOT_A_NUMBER' });
    expect(isPhone('5511087654321')).toBe(false);
  });

  it('refuses surrounding text, extensions and non-text values', () => {
    expect(isPhone('call me on +14155552671')).toBe(false);
    expect(isPhone('+14155552671 ext 12')).toBe(false);
    expect(isPhone('++14155552671')).toBe(false);
    expect(isPhone(true)).toBe(false);
    expect(isPhone(-14155552671)).toBe(false);
    expect(parsePhone('   ')).toEqual({ ok: false, error: 'NOT_A_NUMBER' });
  });
});

describe('isLowercase / isUppercase', () => {
  it('lowercase text has no uppercase letters', () => {
    expect(isLowercase('abc')).toBe(true);
    expect(isLowercase('abc-12 é')).toBe(true);
    expect(isLowercase('abC')).toBe(false);
    expect(isLowercase('É')).toBe(false);
    expect(isLowercase(5)).toBe(false);
  });
  it('uppercase text has no lowercase letters', () => {
    expect(isUppercase('ABC')).toBe(true);
    expect(isUppercase('ABC_1 É')).toBe(true);
    expect(isUppercase('ABc')).toBe(false);
    expect(isUppercase('ß')).toBe(false);
  });
});

describe('flags', () => {
  it('affirmative: yes, on, 1, true, boolean true and number 1', () => {
    for (const value of ['yes', 'on', '1', 'true', true, 1]) expect(isAffirmative(value)).toBe(true);
    for (const value of ['no', 'off', '0', 'false', false, 0, 'YES', 'True', 2, 'y']) {
      expect(isAffirmative(value)).toBe(false);
    }
  });
  it('negative: no, off, 0, false', () => {
    for (const value of ['no', 'off', '0', 'false', false, 0]) expect(isNegative(value)).toBe(true);
    for (const value of ['yes', 'on', '1', 'true', true, 1, 'NO', -1]) expect(isNegative(value)).toBe(false);
  });
  it('booleanLike: true, false, 1, 0, "1", "0" only', () => {
    for (const value of [true, false, 1, 0, '1', '0']) expect(isBooleanLike(value)).toBe(true);
    for (const value of ['true', 'false', 'yes', 2, -1, '01', [], {}]) expect(isBooleanLike(value)).toBe(false);
  });
});

describe('dates', () => {
  it('leap years', () => {
    expect(isLeapYear(2000)).toBe(true);
    expect(isLeapYear(1900)).toBe(false);
    expect(isLeapYear(2024)).toBe(true);
    expect(isLeapYear(2023)).toBe(false);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2024, 4)).toBe(30);
    expect(daysInMonth(2024, 12)).toBe(31);
  });

  it('29 February only in leap years; 30 February never', () => {
    expect(isDate('2000-2-29')).toBe(true);
    expect(isDate('1900-2-29')).toBe(false);
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('2023-02-29')).toBe(false);
    expect(isDate('2024-2-30')).toBe(false);
    expect(isDate('2024-4-31')).toBe(false);
    expect(isDate('2024-4-30')).toBe(true);
  });

  it('year range 1000 to 3000', () => {
    expect(isDate('999-1-1')).toBe(false);
    expect(isDate('0999-1-1')).toBe(false);
    expect(isDate('1000-1-1')).toBe(true);
    expect(isDate('3000-12-31')).toBe(true);
    expect(isDate('3001-1-1')).toBe(false);
  });

  it('month 1 to 12 and day 1 to the month length', () => {
    expect(isDate('2024-0-10')).toBe(false);
    expect(isDate('2024-13-10')).toBe(false);
    expect(isDate('2024-1-0')).toBe(false);
    expect(isDate('2024-1-32')).toBe(false);
    expect(isDate('2024-1-31')).toBe(true);
  });

  it('one- or two-digit month and day, four-digit year', () => {
    expect(isDate('2024-2-9')).toBe(true);
    expect(isDate('2024-02-09')).toBe(true);
    expect(isDate('24-02-09')).toBe(false);
    expect(isDate('2024-002-09')).toBe(false);
    expect(isDate('2024/02/09')).toBe(false);
    expect(isDate('2024-02-09T00:00:00Z')).toBe(false);
    expect(isDate(' 2024-02-09')).toBe(false);
    expect(isDate('20240209')).toBe(false);
  });

  it('numeric timestamps', () => {
    expect(isDate(0)).toBe(true);
    expect(isDate(1_700_000_000_000)).toBe(true);
    expect(isDate(-86_400_000)).toBe(true);
    expect(isDate(Number.NaN)).toBe(false);
    expect(isDate(Number.POSITIVE_INFINITY)).toBe(false);
    expect(isDate(9e15)).toBe(false);
    expect(isDate(new Date())).toBe(false);
    expect(isDate(true)).toBe(false);
  });

  it('parseDate reads text as midnight UTC and numbers as milliseconds', () => {
    expect(parseDate('2024-2-9')?.toISOString()).toBe('2024-02-09T00:00:00.000Z');
    expect(parseDate(86_400_000)?.toISOString()).toBe('1970-01-02T00:00:00.000Z');
    expect(parseDate('2024-2-30')).toBeNull();
    const date = parseDate('1000-1-1');
    expect(date && formatDateText(date)).toBe('1000-01-01');
  });

  it('compareDates', () => {
    expect(compareDates('2024-1-1', '2024-01-02')).toBe(-1);
    expect(compareDates('2024-1-2', '2024-01-02')).toBe(0);
    expect(compareDates('2024-1-3', Date.UTC(2024, 0, 2))).toBe(1);
    expect(compareDates('2024-1-3', new Date(Date.UTC(2024, 0, 3)))).toBe(0);
    expect(compareDates('2024-2-30', '2024-1-1')).toBeNull();
    expect(compareDates('2024-1-1', 'tomorrow')).toBeNull();
  });

  it('after / afterOrEqual / before / beforeOrEqual', () => {
    expect(isAfter('2024-1-2', '2024-1-1')).toBe(true);
    expect(isAfter('2024-1-1', '2024-1-1')).toBe(false);
    expect(isAfterOrEqual('2024-1-1', '2024-1-1')).toBe(true);
    expect(isAfterOrEqual('2023-12-31', '2024-1-1')).toBe(false);
    expect(isBefore('2023-12-31', '2024-1-1')).toBe(true);
    expect(isBefore('2024-1-1', '2024-1-1')).toBe(false);
    expect(isBeforeOrEqual('2024-1-1', '2024-1-1')).toBe(true);
    expect(isBeforeOrEqual('2024-1-2', '2024-1-1')).toBe(false);
  });

  it('comparisons fail when either side is not a valid date', () => {
    expect(isAfter('2024-2-30', '2000-1-1')).toBe(false);
    expect(isAfter('2024-1-1', '2024-2-30')).toBe(false);
    expect(isBeforeOrEqual('2024-1-1', 'not a date')).toBe(false);
    expect(isAfterOrEqual('2024-1-1', '')).toBe(false);
    expect(isBefore(new Date(0), '2024-1-1')).toBe(false);
  });
});

describe('age', () => {
  it('counts whole years up to the birthday', () => {
    expect(ageOn(new Date(Date.UTC(2006, 5, 15)), new Date(Date.UTC(2024, 5, 14)))).toBe(17);
    expect(ageOn(new Date(Date.UTC(2006, 5, 15)), new Date(Date.UTC(2024, 5, 15)))).toBe(18);
  });
  it('minAge around the 18th birthday', () => {
    expect(isMinAge('2006-6-15', 18, '2024-6-14')).toBe(false);
    expect(isMinAge('2006-6-15', 18, '2024-6-15')).toBe(true);
    expect(isMinAge('2006-6-15', 18, '2024-6-16')).toBe(true);
    expect(isMinAge('2006-6-15', 18, new Date(Date.UTC(2024, 5, 15, 23, 59)))).toBe(true);
  });
  it('a 29 February birthday is reached on 1 March in common years', () => {
    expect(isMinAge('2004-2-29', 18, '2022-2-28')).toBe(false);
    expect(isMinAge('2004-2-29', 18, '2022-3-1')).toBe(true);
  });
  it('maxAge', () => {
    expect(isMaxAge('1950-3-10', 74, '2024-3-9')).toBe(true);
    expect(isMaxAge('1950-3-10', 74, '2024-3-10')).toBe(true);
    expect(isMaxAge('1950-3-10', 73, '2024-3-10')).toBe(false);
  });
  it('fails on an invalid birthdate or reference date', () => {
    expect(isMinAge('2006-2-30', 18, '2024-6-15')).toBe(false);
    expect(isMinAge('2006-1-1', 18, 'soon')).toBe(false);
    expect(isMaxAge('abc', 100, '2024-1-1')).toBe(false);
  });
});

describe('isSlug / isArray', () => {
  it('slug: letters, digits, underscore, hyphen', () => {
    expect(isSlug('book-of-ra_2')).toBe(true);
    expect(isSlug('ABC')).toBe(true);
    expect(isSlug('with space')).toBe(false);
    expect(isSlug('dot.ted')).toBe(false);
    expect(isSlug('slash/ed')).toBe(false);
    expect(isSlug('çà')).toBe(false);
    expect(isSlug(12)).toBe(false);
  });
  it('array', () => {
    expect(isArray([])).toBe(true);
    expect(isArray([1, 2])).toBe(true);
    expect(isArray('1,2')).toBe(false);
    expect(isArray({ length: 0 })).toBe(false);
  });
});

describe('numeric bounds and lengths', () => {
  it('min / max / between', () => {
    expect(isMin(5, 5)).toBe(true);
    expect(isMin('4.99', 5)).toBe(false);
    expect(isMin('abc', 0)).toBe(false);
    expect(isMax(10, 10)).toBe(true);
    expect(isMax('10.01', 10)).toBe(false);
    expect(isBetween(1, 1, 3)).toBe(true);
    expect(isBetween('3', 1, 3)).toBe(true);
    expect(isBetween(0.5, 1, 3)).toBe(false);
    expect(isBetween(3.5, 1, 3)).toBe(false);
    expect(isBetween(Number.NaN, 1, 3)).toBe(false);
  });
  it('minLength / maxLength / length count characters or items', () => {
    expect(isMinLength('abcdef', 6)).toBe(true);
    expect(isMinLength('abcde', 6)).toBe(false);
    expect(isMinLength([1, 2], 2)).toBe(true);
    expect(isMinLength('😀😀', 2)).toBe(true);
    expect(isMaxLength('😀😀😀', 2)).toBe(false);
    expect(isMaxLength('ab', 2)).toBe(true);
    expect(isLength('abc', 3)).toBe(true);
    expect(isLength('abcd', 3)).toBe(false);
    expect(isLength({}, 0)).toBe(false);
  });
  it('digits: exactly N digits', () => {
    expect(isDigits('12345', 5)).toBe(true);
    expect(isDigits(12345, 5)).toBe(true);
    expect(isDigits('1234', 5)).toBe(false);
    expect(isDigits('123456', 5)).toBe(false);
    expect(isDigits('1234a', 5)).toBe(false);
    expect(isDigits('-1234', 5)).toBe(false);
  });
  it('numeric / integer / decimal', () => {
    expect(['12', '12.5', '.5', '0'].map(isNumeric)).toEqual([true, true, true, true]);
    expect(['-1', '1e3', '1.', ' 1', '1,5'].map(isNumeric)).toEqual([false, false, false, false, false]);
    expect(isNumeric(-1)).toBe(false);
    expect(isNumeric(Number.POSITIVE_INFINITY)).toBe(false);
    expect(['12', '-12', '0'].map(isInteger)).toEqual([true, true, true]);
    expect(['1.5', '1.0', '+1', 'a'].map(isInteger)).toEqual([false, false, false, false]);
    expect(isInteger(3)).toBe(true);
    expect(isInteger(3.5)).toBe(false);
    expect(['-1.5', '1.5', '3', '-.5'].map(isDecimal)).toEqual([true, true, true, true]);
    expect(['1.', '1.2.3', 'abc', '--1'].map(isDecimal)).toEqual([false, false, false, false]);
    expect(isDecimal(-0.25)).toBe(true);
    expect(isDecimal(Number.NaN)).toBe(false);
  });
});

describe('regex', () => {
  it('accepts RegExp objects and pattern text in bare or literal form', () => {
    expect(matchesRegex('12345678901', '^\\d{11}$')).toBe(true);
    expect(matchesRegex('1234', '^\\d{11}$')).toBe(false);
    expect(matchesRegex('ABC', '/^[a-z]+$/i')).toBe(true);
    expect(matchesRegex('ABC', '/^[a-z]+$/')).toBe(false);
    expect(matchesRegex('T1', /^T\d$/)).toBe(true);
  });
  it('is stateless with global patterns', () => {
    const global = /a/g;
    expect([matchesRegex('a', global), matchesRegex('a', global), matchesRegex('a', global)]).toEqual([
      true,
      true,
      true,
    ]);
    expect(toRegExp('/x/gy')?.flags).toBe('');
  });
  it('fails on an unusable pattern', () => {
    expect(toRegExp('([')).toBeNull();
    expect(matchesRegex('x', '([')).toBe(false);
  });
});

describe('url', () => {
  it('accepts http(s) addresses with a real host', () => {
    for (const value of [
      'https://example.com',
      'http://sub.example.co.uk/path?q=1#x',
      'https://localhost:8080',
      'http://127.0.0.1/',
      'http://[::1]:3000/',
    ]) {
      expect(isUrl(value)).toBe(true);
    }
  });
  it('refuses other schemes, bare hosts and malformed text', () => {
    for (const value of [
      'ftp://example.com',
      'javascript:alert(1)',
      'https://example',
      'example.com',
      'http://exa mple.com',
      'http://-a.com',
      'https://',
    ]) {
      expect(isUrl(value)).toBe(false);
    }
  });
  it('takes a protocol list', () => {
    expect(isUrl('ftp://example.com', ['ftp'])).toBe(true);
  });
});

describe('ip', () => {
  it('IPv4', () => {
    expect(isIp('192.168.0.1')).toBe(true);
    expect(isIp('0.0.0.0')).toBe(true);
    expect(isIp('255.255.255.255')).toBe(true);
    expect(isIp('256.1.1.1')).toBe(false);
    expect(isIp('1.2.3')).toBe(false);
    expect(isIp('1.2.3.4.5')).toBe(false);
    expect(isIp('01.2.3.4')).toBe(false);
    expect(isIp('1.2.3.4 ')).toBe(false);
  });
  it('IPv6', () => {
    for (const value of [
      '::',
      '::1',
      '2001:db8::1',
      '2001:0db8:0000:0000:0000:ff00:0042:8329',
      'fe80::',
      '::ffff:192.168.1.1',
      '1:2:3:4:5:6:7::',
    ]) {
      expect(isIp(value)).toBe(true);
    }
    for (const value of [
      '2001:db8::1::2',
      '12345::',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      ':1::',
      'gggg::',
      'fe80::1%eth0',
      '::ffff:999.1.1.1',
      '1:2:3:4:5:6:7:8::',
    ]) {
      expect(isIp(value)).toBe(false);
    }
  });
  it('restricts to one version when asked', () => {
    expect(isIp('::1', 4)).toBe(false);
    expect(isIp('10.0.0.1', 6)).toBe(false);
    expect(isIp('10.0.0.1', 4)).toBe(true);
    expect(isIp('::1', 6)).toBe(true);
  });
});

describe('alpha family and sameAs', () => {
  it('alpha / alphaNum / alphaDash', () => {
    expect(isAlpha('José')).toBe(true);
    expect(isAlpha('Jose1')).toBe(false);
    expect(isAlpha('Jo se')).toBe(false);
    expect(isAlphaNum('Łukasz2')).toBe(true);
    expect(isAlphaNum('a-b')).toBe(false);
    expect(isAlphaDash('a-b_c9')).toBe(true);
    expect(isAlphaDash('a b')).toBe(false);
  });
  it('sameAs compares strictly', () => {
    expect(isSameAs('secret', 'secret')).toBe(true);
    expect(isSameAs('secret', 'Secret')).toBe(false);
    expect(isSameAs('1', 1)).toBe(false);
  });
});

describe('email', () => {
  it('accepts ordinary addresses', () => {
    for (const value of [
      'a@b.co',
      'john.doe+casino@example.com',
      "o'brien@mail.example.ie",
      'x_y-z@sub-domain.example.xn--p1ai',
    ]) {
      expect(isEmail(value)).toBe(true);
    }
  });
  it('refuses malformed addresses', () => {
    for (const value of [
      'plain',
      '@example.com',
      'a@',
      'a@b',
      'a@@b.com',
      'a@b@c.com',
      '.a@b.com',
      'a.@b.com',
      'a..b@c.com',
      'a b@c.com',
      'a@b.c',
      'a@-b.com',
      'a@b-.com',
      'a@b..com',
      'a@1.2.3.4',
      ' a@b.com',
      'ä@b.com',
      '"quoted"@b.com',
    ]) {
      expect(isEmail(value)).toBe(false);
    }
  });
  it('limits the local part to 64 and the address to 254 characters', () => {
    expect(isEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.com`; // 186 characters
    expect(isEmail(`${'a'.repeat(64)}@${domain}`)).toBe(true); // 251
    expect(isEmail(`${'a'.repeat(64)}@${'g'.repeat(5)}.${domain}`)).toBe(false); // 257
    expect(isEmail(`a@${'b'.repeat(64)}.com`)).toBe(false); // label over 63
  });
  it('refuses non-text values', () => {
    expect(isEmail(42)).toBe(false);
  });
});

describe('CPF', () => {
  it('accepts valid numbers with or without separators', () => {
    for (const value of [
      '529.982.247-25',
      '52998224725',
      '123.456.789-09',
      '111.444.777-35',
      '000.000.001-91',
      '390.533.447-05',
    ]) {
      expect(isCpf(value)).toBe(true);
    }
  });
  it('refuses a wrong check digit', () => {
    expect(isCpf('529.982.247-24')).toBe(false);
    expect(isCpf('529.982.247-15')).toBe(false);
    expect(isCpf('12345678900')).toBe(false);
  });
  it('refuses all-equal digits even though their check digits add up', () => {
    expect(isCpf('111.111.111-11')).toBe(false);
    expect(isCpf('00000000000')).toBe(false);
    expect(isCpf('99999999999')).toBe(false);
  });
  it('refuses wrong lengths and other characters', () => {
    expect(isCpf('5299822472')).toBe(false);
    expect(isCpf('529982247250')).toBe(false);
    expect(isCpf('529 982 247 25')).toBe(false);
    expect(isCpf('529.982.247/25')).toBe(false);
    expect(isCpf(52998224725)).toBe(false);
  });
  it('normalizeCpf strips dots and hyphens only', () => {
    expect(normalizeCpf('529.982.247-25')).toBe('52998224725');
    expect(normalizeCpf('529.982.247 25')).toBeNull();
  });
});

describe('OTP', () => {
  it('exactly 6 numeric digits', () => {
    expect(isOtp('123456')).toBe(true);
    expect(isOtp('012345')).toBe(true);
    expect(isOtp('12345')).toBe(false);
    expect(isOtp('1234567')).toBe(false);
    expect(isOtp('12345a')).toBe(false);
    expect(isOtp('abcdef')).toBe(false);
    expect(isOtp('123 456')).toBe(false);
    expect(isOtp(123456)).toBe(false);
  });
});
