import { useTranslation } from 'react-i18next';
import { formatMultiplier, formatMultiplierBp, type MultiplierOptions } from '../../lib/format';

/**
 * A multiplier in the active locale, "1.98×": `value` as a number of times, or `bp` in
 * basis points (the games' unit). Decimals as `formatMultiplier` (2 by default). Text only.
 */
export function Multiplier(props: ({ value: number; bp?: never } | { bp: number; value?: never }) & MultiplierOptions) {
  const { i18n } = useTranslation();
  const { value, bp, ...options } = props;
  return (
    <>
      {bp === undefined
        ? formatMultiplier(value, i18n.language, options)
        : formatMultiplierBp(bp, i18n.language, options)}
    </>
  );
}
