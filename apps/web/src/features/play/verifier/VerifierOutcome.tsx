import { MINES, type SlotSpin } from '@croupier/games';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHundredths, formatMultiplierBp } from '../../../lib/format';
import type { Verified } from './replay';

const multiplier = (bp: number, locale: string) => formatMultiplierBp(bp, locale, { maxDecimals: 4 });

/** One line for the pair table: the headline of a round. */
export function outcomeSummary(
  verified: Verified,
  t: (key: string, options?: Record<string, unknown>) => string,
  locale: string,
) {
  if (verified.kind === 'pocket') return `${verified.pocket} (${t(`play.roulette.color.${verified.color}`)})`;
  const { replay } = verified;
  switch (replay.game) {
    case 'dice':
      return `${formatHundredths(replay.outcome.rollHundredths, locale)} · ${multiplier(replay.outcome.multiplierBp, locale)}`;
    case 'limbo':
      return `${formatHundredths(replay.outcome.resultHundredths, locale)}× · ${multiplier(replay.outcome.multiplierBp, locale)}`;
    case 'mines':
      return `${t('play.verifier.mines')}: ${replay.outcome.mines.join(', ')}`;
    case 'plinko':
      return `${t('play.verifier.bucket')} ${replay.outcome.bucket} · ${multiplier(replay.outcome.multiplierBp, locale)}`;
    case 'roulette':
      return `${replay.outcome.pocket} (${t(`play.roulette.color.${replay.outcome.color}`)})`;
    case 'slot':
      return `${multiplier(replay.outcome.multiplierBp, locale)} · ${t('play.verifier.freeSpinsPlayed', {
        count: replay.outcome.spins.length - 1,
      })}`;
  }
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

function MinesGrid({ mines, revealed, hitTile }: { mines: number[]; revealed: number[]; hitTile: number | null }) {
  const { t } = useTranslation('global-components');
  return (
    <ul className="verifier-mines" aria-label={t('play.verifier.minesGrid')}>
      {Array.from({ length: MINES.tiles }, (_, tile) => {
        const mine = mines.includes(tile);
        const picked = revealed.includes(tile);
        const state = tile === hitTile ? 'hit' : mine ? 'mine' : picked ? 'picked' : 'safe';
        return (
          <li key={tile} className={`verifier-mines__tile verifier-mines__tile--${state}`}>
            <span aria-hidden="true">{tile}</span>
            <span className="visually-hidden">
              {t('play.verifier.tile', { tile, state: t(`play.verifier.tileState.${state}`) })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function SlotSpinView({ spin, index }: { spin: SlotSpin; index: number }) {
  const { t, i18n } = useTranslation('global-components');
  const rows = spin.window[0]?.length ?? 0;
  return (
    <section className="verifier-spin">
      <h3>
        {spin.mode === 'free' ? t('play.verifier.freeSpin', { index }) : t('play.verifier.paidSpin')} ·{' '}
        {t('play.verifier.fields.nonce')} {spin.nonce} · {multiplier(spin.multiplierBp, i18n.language)}
      </h3>
      <table className="verifier-reels">
        <caption className="visually-hidden">{t('play.verifier.reels')}</caption>
        <tbody>
          {Array.from({ length: rows }, (_, row) => (
            <tr key={row}>
              {spin.window.map((reel, column) => (
                <td key={column} data-symbol={reel[row]}>
                  {t(`play.slot.symbol.${reel[row] ?? 'ten'}`)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {spin.lineWins.length > 0 || spin.scatterMultiplierBp > 0 || spin.freeSpinsAwarded > 0 ? (
        <ul className="verifier-wins">
          {spin.lineWins.map((win) => (
            <li key={win.line}>
              {t('play.verifier.lineWin', {
                line: win.line + 1,
                count: win.count,
                symbol: t(`play.slot.symbol.${win.symbol}`),
                multiplier: multiplier(win.multiplierBp, i18n.language),
              })}
            </li>
          ))}
          {spin.scatterMultiplierBp > 0 ? (
            <li>
              {t('play.verifier.scatterWin', {
                count: spin.scatterCount,
                multiplier: multiplier(spin.scatterMultiplierBp, i18n.language),
              })}
            </li>
          ) : null}
          {spin.freeSpinsAwarded > 0 ? (
            <li>{t('play.verifier.freeSpinsAwarded', { count: spin.freeSpinsAwarded })}</li>
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}

/** The recomputed round in full. */
export function VerifierOutcome({ verified }: { verified: Verified }) {
  const { t, i18n } = useTranslation('global-components');
  const locale = i18n.language;
  const winText = (win: boolean) => t(win ? 'play.verifier.win' : 'play.verifier.loss');
  if (verified.kind === 'pocket') {
    return (
      <dl className="verifier-facts">
        <Row label={t('play.verifier.pocket')} testId="verifier-outcome">
          {verified.pocket} ({t(`play.roulette.color.${verified.color}`)})
        </Row>
      </dl>
    );
  }
  const { replay } = verified;
  switch (replay.game) {
    case 'dice':
      return (
        <dl className="verifier-facts">
          <Row label={t('play.verifier.roll')} testId="verifier-outcome">
            {formatHundredths(replay.outcome.rollHundredths, locale)}
          </Row>
          <Row label={t('play.verifier.result')}>{winText(replay.outcome.win)}</Row>
          <Row label={t('play.verifier.multiplier')}>{multiplier(replay.outcome.multiplierBp, locale)}</Row>
        </dl>
      );
    case 'limbo':
      return (
        <dl className="verifier-facts">
          <Row label={t('play.verifier.limboResult')} testId="verifier-outcome">
            {formatHundredths(replay.outcome.resultHundredths, locale)}×
          </Row>
          <Row label={t('play.verifier.result')}>{winText(replay.outcome.win)}</Row>
          <Row label={t('play.verifier.multiplier')}>{multiplier(replay.outcome.multiplierBp, locale)}</Row>
        </dl>
      );
    case 'mines':
      return (
        <>
          <dl className="verifier-facts">
            <Row label={t('play.verifier.mines')} testId="verifier-outcome">
              {replay.outcome.mines.join(', ')}
            </Row>
            <Row label={t('play.verifier.result')}>{t(`play.verifier.minesStatus.${replay.outcome.status}`)}</Row>
            <Row label={t('play.verifier.multiplier')}>{multiplier(replay.outcome.multiplierBp, locale)}</Row>
          </dl>
          <MinesGrid mines={replay.outcome.mines} revealed={replay.outcome.revealed} hitTile={replay.outcome.hitTile} />
        </>
      );
    case 'plinko':
      return (
        <dl className="verifier-facts">
          <Row label={t('play.verifier.path')}>
            {replay.outcome.path.map((step) => t(step ? 'play.verifier.right' : 'play.verifier.left')).join(' ')}
          </Row>
          <Row label={t('play.verifier.bucket')} testId="verifier-outcome">
            {replay.outcome.bucket}
          </Row>
          <Row label={t('play.verifier.multiplier')}>{multiplier(replay.outcome.multiplierBp, locale)}</Row>
        </dl>
      );
    case 'roulette':
      return (
        <dl className="verifier-facts">
          <Row label={t('play.verifier.pocket')} testId="verifier-outcome">
            {replay.outcome.pocket} ({t(`play.roulette.color.${replay.outcome.color}`)})
          </Row>
          {replay.outcome.bets.map((bet, i) => (
            <Row key={i} label={t('play.verifier.bet', { index: i + 1 })}>
              {multiplier(bet.multiplierBp, locale)}
            </Row>
          ))}
        </dl>
      );
    case 'slot':
      return (
        <>
          <dl className="verifier-facts">
            <Row label={t('play.verifier.multiplier')} testId="verifier-outcome">
              {multiplier(replay.outcome.multiplierBp, locale)}
            </Row>
            <Row label={t('play.verifier.noncesUsed')}>{replay.outcome.noncesUsed}</Row>
          </dl>
          {replay.outcome.spins.map((spin, index) => (
            <SlotSpinView key={spin.nonce} spin={spin} index={index} />
          ))}
        </>
      );
  }
}
