import type { Currency } from '@croupier/contract';

/** The currencies the settings module keeps (cached there). */
export interface CurrencySource {
  listCurrencies(query: { visibleOnly: boolean }): Promise<Currency[]>;
}

/**
 * Minor units per major unit by currency code, from one read of the list taken before a
 * transaction opens. Code inside a transaction must not read through another connection:
 * on PGlite (one connection) that would wait for the transaction forever.
 */
export type SubunitOf = (code: string) => bigint;

/** Lookups the payments module needs over the settings' currency list. */
export function createCurrencyLookup(source: CurrencySource) {
  const all = () => source.listCurrencies({ visibleOnly: false });
  return {
    /** A currency players can pay in: enabled, real money (not a quest's virtual currency). */
    async payable(code: string): Promise<Currency | undefined> {
      return (await all()).find((c) => c.code === code && c.isEnabled && c.type !== 'virtual');
    },
    /** Minor units per major unit of a currency the database already refers to. */
    async subunitOf(code: string): Promise<bigint> {
      const currency = (await all()).find((c) => c.code === code);
      if (!currency) throw new Error(`unknown currency ${code}`);
      return BigInt(currency.subunitToUnit);
    },
    /** A snapshot for use inside a transaction (see SubunitOf). */
    async subunits(): Promise<SubunitOf> {
      const byCode = new Map((await all()).map((c) => [c.code, BigInt(c.subunitToUnit)]));
      return (code) => {
        const subunit = byCode.get(code);
        if (subunit === undefined) throw new Error(`unknown currency ${code}`);
        return subunit;
      };
    },
    async byCode(): Promise<Map<string, Currency>> {
      return new Map((await all()).map((c) => [c.code, c]));
    },
    async base(): Promise<Currency | undefined> {
      return (await all()).find((c) => c.isBase);
    },
  };
}

export type CurrencyLookup = ReturnType<typeof createCurrencyLookup>;

/**
 * Minor units of `currency` in major units of the base currency, rounded to the base
 * currency's precision. `rate.rate` is the number of the currency's minor units worth one
 * major unit of the base currency (docs/api.md, Conventions: amounts).
 */
export function toBaseMajor(amountMinor: bigint, currency: Currency, base: Currency | undefined): number {
  if (!base || currency.rate.rate <= 0) return 0;
  const baseMajor = Number(amountMinor) / currency.rate.rate;
  const scale = base.subunitToUnit;
  return Math.round(baseMajor * scale) / scale;
}
