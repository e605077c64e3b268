import type { OriginalsRound, Spin } from '@croupier/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../lib/app-settings';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { hasApiStatus } from '../../lib/api';
import { roundVerifierForm, verifierSearch } from '../play';
import { RowsSkeleton } from '../../components/ui/Skeleton';
import { useCurrencies } from '../settings';
import { formatDateTime } from '../../lib/format';
import { Money } from '../../components/ui/Money';
import { Multiplier } from '../../components/ui/Multiplier';
import { useRound, useSpins } from './api';
import { canVerify, isRecallable, roundFacts } from './games-logic';
import { useNarrow } from './narrow';
import { Button } from '../../components/ui/Button';
import { ButtonLink } from '../../components/ui/ButtonLink';

/** The verifier page (helper W1's `/fairness`), prefilled with a round's seeds and choices. */
const VERIFIER_PATH = '/fairness';

/** An amount of a round in its currency's display unit, e.g. "1.50 USD". */
function SpinMoney({ amount, code }: { amount: number; code: string }) {
  const currency = useCurrencies().data?.find((item) => item.code === code);
  return <Money amount={amount} currency={currency} code={code} />;
}

/**
 * The games tab of /profile/history: the player's casino rounds, ten a page, each with
 * its game (a link to it), stake, payout and date; "Details" opens the round recall
 * (choices, result, seeds) with a link to the verifier once the server seed is revealed.
 */
export function GamesHistory({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('layout');
  const spins = useSpins(page, 10);
  const narrow = useNarrow();
  const totalPages = Math.max(1, spins.data?.meta.totalPages ?? 1);

  let content;
  if (spins.isPending) content = <RowsSkeleton rows={4} />;
  else if (spins.isError && !spins.data) content = <ErrorState onRetry={() => void spins.refetch()} />;
  else if (spins.data.data.length === 0) content = <EmptyState text={t('profile.history.gamesEmpty')} />;
  else if (narrow) {
    content = (
      <ul className="history-cards" aria-busy={spins.isFetching} aria-label={t('profile.history.tabs.games')}>
        {spins.data.data.map((spin) => (
          <SpinEntry key={spin.id} spin={spin} layout="card" />
        ))}
      </ul>
    );
  } else {
    content = (
      <div className="history-table__scroll">
        <table className="history-table history-table--games" aria-busy={spins.isFetching}>
          <caption className="visually-hidden">{t('profile.history.tabs.games')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('profile.history.columns.date')}</th>
              <th scope="col">{t('profile.history.columns.game')}</th>
              <th scope="col" className="history-table__amount">
                {t('profile.history.columns.bet')}
              </th>
              <th scope="col" className="history-table__amount">
                {t('profile.history.columns.payout')}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('profile.history.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          {spins.data.data.map((spin) => (
            <SpinEntry key={spin.id} spin={spin} layout="row" />
          ))}
        </table>
      </div>
    );
  }

  return (
    <>
      {content}
      {totalPages > 1 ? (
        <nav className="profile-pager" aria-label={t('profile.history.gamesPages')}>
          <Button
            variant="ghost"

            disabled={page <= 1 || spins.isFetching}
            onClick={() => onPage(Math.max(1, page - 1))}
          >
            {t('pagination.previous', { ns: 'global-components' })}
          </Button>
          <span className="profile-pager__status" aria-live="polite">
            {t('pagination.page', { ns: 'global-components', page, total: totalPages })}
          </span>
          <Button
            variant="ghost"

            disabled={page >= totalPages || spins.isFetching}
            onClick={() => onPage(Math.min(totalPages, page + 1))}
          >
            {t('pagination.next', { ns: 'global-components' })}
          </Button>
        </nav>
      ) : null}
    </>
  );
}

/** One round: a table row (its own tbody, with the details row under it) or a card. */
function SpinEntry({ spin, layout }: { spin: Spin; layout: 'row' | 'card' }) {
  const { t } = useTranslation('layout');
  const { locale, localePath } = useLocale();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const date = formatDateTime(spin.createdAt, locale) ?? spin.createdAt;
  const game = <Link to={localePath(`/games/${encodeURIComponent(spin.gameIdentity)}`)}>{spin.game}</Link>;
  const won = spin.payout > 0;
  const toggle = isRecallable(spin) ? (
    <Button
      variant="ghost"
      className="history-round__toggle"

      aria-expanded={open}
      aria-controls={detailsId}
      onClick={() => setOpen((value) => !value)}
    >
      {t(open ? 'profile.history.round.hide' : 'profile.history.round.show')}
    </Button>
  ) : null;
  const details = open ? <RoundDetails id={spin.id} domId={detailsId} /> : null;
  // A bonus's free spin: its bet is the spin's value, not money the player staked.
  const freeSpin = spin.isFreespin ? <span className="history-free-spin">{t('profile.history.freeSpin')}</span> : null;

  if (layout === 'card') {
    return (
      <li className="history-card" data-spin={spin.id}>
        <div className="history-card__head">
          <span className="history-card__type">{game}</span>
          <span className={`history-card__amount${won ? ' history-payout--won' : ''}`}>
            <SpinMoney amount={spin.payout} code={spin.currency} />
          </span>
        </div>
        <dl className="history-card__meta">
          <div>
            <dt>{t('profile.history.columns.date')}</dt>
            <dd>{date}</dd>
          </div>
          <div>
            <dt>{t('profile.history.columns.bet')}</dt>
            <dd>
              <SpinMoney amount={spin.amount} code={spin.currency} /> {freeSpin}
            </dd>
          </div>
        </dl>
        {toggle}
        {details}
      </li>
    );
  }
  return (
    <tbody data-spin={spin.id}>
      <tr>
        <td>{date}</td>
        <td>{game}</td>
        <td className="history-table__amount">
          <SpinMoney amount={spin.amount} code={spin.currency} /> {freeSpin}
        </td>
        <td className={`history-table__amount${won ? ' history-payout--won' : ''}`}>
          <SpinMoney amount={spin.payout} code={spin.currency} />
        </td>
        <td className="history-table__actions">{toggle}</td>
      </tr>
      {open ? (
        <tr className="history-round__row">
          <td colSpan={5}>{details}</td>
        </tr>
      ) : null}
    </tbody>
  );
}

/** The recalled round: choices and result, multiplier, seeds, and the way to verify it. */
function RoundDetails({ id, domId }: { id: string; domId: string }) {
  const { t } = useTranslation('layout');
  const round = useRound(id, true);
  if (round.isPending) {
    return (
      <div id={domId} className="history-round" aria-busy="true">
        <RowsSkeleton rows={2} />
      </div>
    );
  }
  if (round.isError) {
    const missing = hasApiStatus(round.error, 'NOT_FOUND');
    return (
      <div id={domId} className="history-round">
        {missing ? (
          <p className="history-round__note">{t('profile.history.round.unavailable')}</p>
        ) : (
          <ErrorState onRetry={() => void round.refetch()} />
        )}
      </div>
    );
  }
  return <RoundBody round={round.data} domId={domId} />;
}

function RoundBody({ round, domId }: { round: OriginalsRound; domId: string }) {
  const { t } = useTranslation('layout');
  const { locale, localePath } = useLocale();
  const facts = roundFacts(round, locale);
  const verifiable = canVerify(round);
  return (
    <div id={domId} className="history-round" data-testid="round-details">
      <dl className="history-round__facts">
        <div>
          <dt>{t('profile.history.round.id')}</dt>
          <dd className="history-round__mono">{round.id}</dd>
        </div>
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt>{t(`profile.history.round.fields.${fact.label}`)}</dt>
            <dd>{fact.valueKey ? t(`profile.history.round.values.${fact.value}`) : fact.value}</dd>
          </div>
        ))}
        <div>
          <dt>{t('profile.history.round.fields.multiplier')}</dt>
          <dd>
            <Multiplier value={round.multiplier} maxDecimals={4} />
          </dd>
        </div>
      </dl>
      <h3 className="history-round__title">{t('profile.history.round.seeds')}</h3>
      <dl className="history-round__facts history-round__facts--seeds">
        <div>
          <dt>{t('profile.history.round.serverSeedHash')}</dt>
          <dd className="history-round__mono">{round.seeds.serverSeedHash}</dd>
        </div>
        <div>
          <dt>{t('profile.history.round.serverSeed')}</dt>
          <dd className="history-round__mono">{round.seeds.serverSeed ?? t('profile.history.round.hidden')}</dd>
        </div>
        <div>
          <dt>{t('profile.history.round.clientSeed')}</dt>
          <dd className="history-round__mono">{round.seeds.clientSeed}</dd>
        </div>
        <div>
          <dt>{t('profile.history.round.nonce')}</dt>
          <dd>{round.seeds.nonce}</dd>
        </div>
      </dl>
      {verifiable ? (
        <ButtonLink
          variant="primary"
          className="history-round__verify"

          to={localePath(`${VERIFIER_PATH}${verifierSearch(roundVerifierForm(round))}`)}
          data-testid="round-verify"
        >
          {t('profile.history.round.verify')}
        </ButtonLink>
      ) : (
        <p className="history-round__note" data-testid="round-rotate-note">
          {t('profile.history.round.rotateFirst')}
        </p>
      )}
    </div>
  );
}
