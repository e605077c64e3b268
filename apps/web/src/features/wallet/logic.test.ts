import type { Currency, PaymentField, PaymentMethod, WalletAccount } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import {
  actionUrl,
  activeAccount,
  convertAmount,
  currencyRows,
  displayUnitOf,
  fromDisplayAmount,
  localized,
  paymentRegion,
  shortProfileId,
  toDisplayAmount,
  turnOverProgress,
} from '../../lib/wallet-display';
import {
  amountFailure,
  boundsOption,
  depositRequestBody,
  depositReturnUrls,
  displayPresets,
  fieldFailure,
  fieldFailures,
  initialAmount,
  initialFieldValues,
  methodBounds,
  requestFields,
  visibleFields,
} from './form-logic';

function currency(code: string, overrides: Partial<Currency> = {}): Currency {
  return {
    code,
    name: code,
    symbol: code,
    type: 'fiat',
    isEnabled: true,
    isBase: false,
    subunitToUnit: 100,
    rate: { rate: 100, rateTime: '2026-01-01T00:00:00Z' },
    subCurrencies: [],
    ...overrides,
  };
}

const USD = currency('USD', { isBase: true });
const EUR = currency('EUR', { rate: { rate: 92, rateTime: '' } });
const BTC = currency('BTC', {
  type: 'crypto',
  subunitToUnit: 100_000_000,
  // 1 USD buys 1/50 000 BTC: 2 000 satoshi
  rate: { rate: 2000, rateTime: '' },
  subCurrencies: [{ code: 'mBTC', subunitToUnit: 1000 }],
});
const JPY = currency('JPY', { subunitToUnit: 1, rate: { rate: 150, rateTime: '' } });

function field(key: string, overrides: Partial<PaymentField> = {}): PaymentField {
  return {
    key,
    fieldType: 'text',
    type: 'string',
    regexp: '',
    labels: { en: key },
    hints: {},
    isRequired: false,
    position: 0,
    value: null,
    ...overrides,
  };
}

function method(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    method: 'sandbox.card',
    type: 'form',
    processingType: 'form',
    amountMin: 10,
    amountMax: 1000,
    presets: [
      { amount: 5, default: false },
      { amount: 20, default: false },
      { amount: 50, default: true },
      { amount: 5000, default: false },
    ],
    logo: '/logo.svg',
    icon: null,
    names: { en: 'Card', de: 'Karte' },
    fields: [],
    ...overrides,
  };
}

describe('display units', () => {
  it('shows a currency in the sub-currency its data lists, other currencies as they are', () => {
    expect(displayUnitOf(BTC)).toEqual({ code: 'mBTC', factor: 1000, decimals: 5 });
    expect(displayUnitOf(USD)).toEqual({ code: 'USD', factor: 1, decimals: 2 });
    expect(displayUnitOf(JPY)).toEqual({ code: 'JPY', factor: 1, decimals: 0 });
    // a crypto without a sub-currency stays in major units
    expect(displayUnitOf(currency('USDT', { type: 'crypto', subunitToUnit: 1_000_000 })).code).toBe('USDT');
    expect(displayUnitOf(undefined, 'XYZ').code).toBe('XYZ');
    // the unit comes from the data, not from a list of codes
    const micro = currency('ABC', {
      subunitToUnit: 100_000_000,
      subCurrencies: [{ code: 'µABC', subunitToUnit: 1_000_000 }],
    });
    expect(displayUnitOf(micro)).toEqual({ code: 'µABC', factor: 1_000_000, decimals: 2 });
    // a sub-currency that is not a power of ten is no display unit
    const odd = currency('ODD', { subCurrencies: [{ code: 'xODD', subunitToUnit: 12 }] });
    expect(displayUnitOf(odd).code).toBe('ODD');
  });

  it('converts between major and display units without float leftovers', () => {
    const unit = displayUnitOf(BTC);
    expect(toDisplayAmount(0.05, unit)).toBe(50);
    expect(toDisplayAmount(0.00012345, unit)).toBe(0.12345);
    expect(fromDisplayAmount(0.12345, unit)).toBe(0.00012345);
    expect(fromDisplayAmount(1.1, displayUnitOf(USD))).toBe(1.1);
  });
});

describe('equivalent currency', () => {
  it('converts through the base currency and rounds to 2 decimals', () => {
    expect(convertAmount(92, EUR, USD)).toBe(100);
    expect(convertAmount(0.05, BTC, USD)).toBe(2500);
    expect(convertAmount(1, USD, EUR)).toBe(0.92);
    expect(convertAmount(1000, JPY, USD)).toBe(6.67);
  });

  it('gives nothing without a rate', () => {
    expect(convertAmount(1, { ...EUR, rate: undefined }, USD)).toBeUndefined();
  });
});

describe('accounts and currency list', () => {
  const account = (id: string, code: string, status: number): WalletAccount => ({
    id,
    currency: code,
    status,
    balance: 1,
    realBalance: 1,
    bonusBalance: 0,
    lockedBalance: 0,
    withdrawalBalance: 1,
  });

  it('finds the active account', () => {
    expect(activeAccount([account('a', 'USD', 2), account('b', 'EUR', 1)])?.id).toBe('b');
    expect(activeAccount([account('a', 'USD', 2)])?.id).toBe('a');
    expect(activeAccount(undefined)).toBeUndefined();
  });

  it('lists crypto only on the crypto tab, currencies with accounts first', () => {
    const currencies = [USD, EUR, BTC, currency('PTS', { type: 'virtual' })];
    const accounts = [account('b', 'EUR', 1)];
    expect(currencyRows(currencies, accounts, 'all').map((row) => row.currency.code)).toEqual(['EUR', 'USD', 'BTC']);
    expect(currencyRows(currencies, accounts, 'crypto').map((row) => row.currency.code)).toEqual(['BTC']);
  });

  it('shows the first segment of the profile id in upper case', () => {
    expect(shortProfileId('3f2a9c1e-1111-2222')).toBe('3F2A9C1E');
    expect(shortProfileId(undefined)).toBe('');
  });
});

describe('amount presets', () => {
  it('offers only presets within the bounds and starts at the default one', () => {
    const unit = displayUnitOf(USD);
    const card = method();
    expect(displayPresets(card, methodBounds(card), unit).map((preset) => preset.amount)).toEqual([20, 50]);
    expect(initialAmount(card, methodBounds(card), unit)).toBe('50');
    expect(initialAmount(method({ presets: [] }), { min: 10, max: 100 }, unit)).toBe('10');
  });

  it('reports amounts out of bounds or above the withdrawable balance', () => {
    expect(amountFailure('', { min: 10, max: 100 })).toEqual({ rule: 'required' });
    expect(amountFailure('5', { min: 10, max: 100 })).toMatchObject({ rule: 'between', params: { min: 10, max: 100 } });
    expect(amountFailure('50', { min: 10, max: 100 })).toBeNull();
    expect(amountFailure('50', { min: 10, max: 100, balance: 40 })).toMatchObject({
      rule: 'max',
      params: { max: 40 },
    });
  });
});

describe('method bounds and fields', () => {
  const network = field('crypto_network', {
    fieldType: 'select',
    options: [
      { id: 'btc', name: 'Bitcoin', minAmount: 0.001, maxAmount: 1, regex: '^(bc1|[13])[a-zA-Z0-9]{25,62}$' },
      { id: 'lightning', name: 'Lightning', minAmount: 0, maxAmount: 0, regex: '^ln[a-z0-9]+$' },
    ],
  });
  const walletId = field('wallet_id');

  it('uses the selected network bounds, else the method bounds', () => {
    const crypto = method({ fields: [network, walletId], amountMin: 0.0005, amountMax: 2 });
    const values = initialFieldValues(crypto.fields);
    expect(values.crypto_network).toBe('btc');
    expect(methodBounds(crypto, boundsOption(crypto.fields, values))).toEqual({ min: 0.001, max: 1 });
    const lightning = { ...values, crypto_network: 'lightning' };
    expect(methodBounds(crypto, boundsOption(crypto.fields, lightning))).toEqual({ min: 0.0005, max: 2 });
  });

  it('validates wallet_id with the selected network regex and always requires it', () => {
    const fields = [network, walletId];
    expect(fieldFailure(walletId, { crypto_network: 'btc', wallet_id: '' }, fields)).toEqual({ rule: 'required' });
    expect(fieldFailure(walletId, { crypto_network: 'btc', wallet_id: 'lnabc' }, fields)).toEqual({ rule: 'regex' });
    expect(fieldFailure(walletId, { crypto_network: 'lightning', wallet_id: 'lnabc' }, fields)).toBeNull();
    expect(
      fieldFailure(
        walletId,
        { crypto_network: 'btc', wallet_id: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
        fields,
      ),
    ).toBeNull();
  });

  it('uses the currencyWithdraw option regexp when there is no network', () => {
    const option = field('currencyWithdraw', {
      fieldType: 'select',
      options: [{ id: 'x', name: 'X', minAmount: 0, maxAmount: 0, regexp: '^X\\d+$' }],
    });
    expect(fieldFailure(walletId, { currencyWithdraw: 'x', wallet_id: 'X12' }, [option, walletId])).toBeNull();
    expect(fieldFailure(walletId, { currencyWithdraw: 'x', wallet_id: 'Y12' }, [option, walletId])).toEqual({
      rule: 'regex',
    });
  });

  it('applies phone, CPF, required and regexp rules to dynamic fields', () => {
    const fields = [
      field('phone', { isRequired: true }),
      field('cpf_number'),
      field('iban', { regexp: '^[A-Z]{2}\\d+$' }),
      field('note'),
    ];
    expect(Object.keys(fieldFailures(fields, { phone: '', cpf_number: '111.111.111-11', iban: 'de1' }))).toEqual([
      'phone',
      'cpf_number',
      'iban',
    ]);
    expect(fieldFailures(fields, { phone: '+4915112345678', cpf_number: '', iban: 'DE12', note: '' })).toEqual({});
  });

  it('hides prefilled valid fields unless filled fields are to be shown', () => {
    const fields = [
      field('email', { value: 'a@b.co', position: 2, regexp: '^.+@.+$' }),
      field('iban', { value: 'bad', regexp: '^[A-Z]{2}\\d+$', position: 1 }),
      field('name', { position: 3 }),
    ];
    expect(visibleFields(fields, false).map((item) => item.key)).toEqual(['iban', 'name']);
    expect(visibleFields(fields, true).map((item) => item.key)).toEqual(['iban', 'email', 'name']);
  });

  it('sends the phone with a plus prefix and leaves empty values out', () => {
    expect(requestFields({ phone: '4915112345678', note: '', iban: 'DE12' })).toEqual({
      phone: '+4915112345678',
      iban: 'DE12',
    });
  });
});

describe('other helpers', () => {
  it('picks localized texts with fallbacks', () => {
    expect(localized({ en: 'Card', de: 'Karte' }, 'de')).toBe('Karte');
    expect(localized({ en: 'Card', pt: 'Cartão' }, 'pt-BR')).toBe('Cartão');
    expect(localized({ en: 'Card' }, 'fr')).toBe('Card');
    expect(localized(undefined, 'fr')).toBe('');
  });

  it('appends the deposit answer fields to the payment page URL', () => {
    expect(actionUrl('/api/dev/psp/payments/p1', { view: 'window' })).toBe('/api/dev/psp/payments/p1?view=window');
    expect(actionUrl('https://psp.test/pay?a=1', { b: '2' })).toBe('https://psp.test/pay?a=1&b=2');
  });

  it('rounds the turn-over progress to 2 decimals', () => {
    expect(turnOverProgress(300, 100)).toBe(66.67);
    expect(turnOverProgress(300, 300)).toBe(0);
    expect(turnOverProgress(0, 0)).toBe(100);
    expect(turnOverProgress(100, -5)).toBe(100);
  });
});

describe('the deposit request', () => {
  const site = 'https://casino.test/de';
  const page = 'https://casino.test/de/games/book?x=1';
  const eur = { id: 'acc-1', currency: 'EUR' };

  it('declines the bonus explicitly when none is picked, and names the picked one', () => {
    const body = depositRequestBody({
      method: method(),
      account: eur,
      amountMajor: 25,
      country: null,
      values: { phone: '4915112345678', empty: '' },
      siteUrl: site,
      currentUrl: page,
    });
    expect(body).toMatchObject({
      method: 'sandbox.card',
      currency: 'EUR',
      accountId: 'acc-1',
      amount: 25,
      bonusId: null,
      isBonusDecline: true,
      fields: { phone: '+4915112345678' },
    });
    expect(Object.hasOwn(body, 'bonusId')).toBe(true);
    // A picked bonus is not a decline.
    expect(
      depositRequestBody({
        method: method(),
        account: eur,
        amountMajor: 25,
        country: null,
        values: {},
        siteUrl: site,
        currentUrl: page,
        bonusId: 'bonus-7',
      }),
    ).toMatchObject({ bonusId: 'bonus-7', isBonusDecline: false });
  });

  it('sends a region only when one is given', () => {
    const base = { method: method(), account: eur, amountMajor: 25, values: {}, siteUrl: site, currentUrl: page };
    expect(Object.hasOwn(depositRequestBody({ ...base, country: null }), 'country')).toBe(false);
    expect(depositRequestBody({ ...base, country: 'BR' }).country).toBe('BR');
  });

  it('gives form methods flagged site URLs and a redirectUrl, crypto address methods the current page', () => {
    expect(depositReturnUrls('form', site, page)).toEqual({
      redirectSuccessUrl: 'https://casino.test/de?deposit-success=true',
      redirectErrorUrl: 'https://casino.test/de?deposit-error=true',
      redirectUrl: 'https://casino.test/de?deposit-redirect=true',
    });
    expect(depositReturnUrls('address', site, page)).toEqual({ redirectSuccessUrl: page, redirectErrorUrl: page });
    const crypto = depositRequestBody({
      method: method({ type: 'address', processingType: 'form' }),
      account: eur,
      amountMajor: 0.0001,
      country: null,
      values: {},
      siteUrl: site,
      currentUrl: page,
    });
    expect(Object.hasOwn(crypto, 'redirectUrl')).toBe(false);
    expect(crypto.redirectSuccessUrl).toBe(page);
  });
});

describe('the payment region', () => {
  it('defaults to the detected country and asks for a region only when the player picked another', () => {
    expect(paymentRegion(null, 'BR')).toEqual({ shown: 'BR', requested: null });
    expect(paymentRegion('BR', 'BR')).toEqual({ shown: 'BR', requested: null });
    expect(paymentRegion('DE', 'BR')).toEqual({ shown: 'DE', requested: 'DE' });
    expect(paymentRegion('DE', null)).toEqual({ shown: 'DE', requested: 'DE' });
    expect(paymentRegion(null, undefined)).toEqual({ shown: null, requested: null });
  });
});
