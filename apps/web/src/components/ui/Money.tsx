import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import type { CurrencyInfo } from '../../lib/wallet-display';

/**
 * A major-unit amount in its currency's display unit, in the active locale: "12.50 mBTC".
 * `code` names the currency while its data is not loaded. Text only, so it fits any markup.
 */
export function Money(props: { amount: number; currency: CurrencyInfo | undefined; code?: string; signed?: boolean }) {
  const { i18n } = useTranslation();
  return <>{formatMoney(props.amount, props.currency, i18n.language, { code: props.code, signed: props.signed })}</>;
}
