import {
  ODDS_CHANGE_POLICIES,
  type OddsChangePolicyName,
  type OddsFormat,
  type SportsbookSession,
  type SportsbookTicket,
} from '@croupier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../components/ui/AmountField';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { Select } from '../../components/ui/Select';
import { useLocale } from '../../lib/app-settings';
import { formatMoney } from '../../lib/format';
import { displayUnitOf, fromDisplayAmount, type CurrencyInfo, type DisplayUnit } from '../../lib/wallet-display';
import { useSession } from '../auth';
import { useOpenModal } from '../modals';
import { useCurrencies } from '../settings';
import { newRequestId, useAfterMoneyMoved, useBettingSession, usePlaceTicket } from './api';
import { bettingErrorKey, isOddsChanged, needsFreshPrices } from './errors';
import { useSelectionText } from './labels';
import { refreshSlipEvents } from './live';
import { displayOdds } from './logic';
import { useOddsFormat } from './odds-format';
import {
  acceptOddsChanges,
  comboAllowed,
  comboOddsMilli,
  EMPTY_SLIP,
  hasOddsChange,
  hasSameEventSelections,
  MAX_SELECTIONS,
  placementFingerprint,
  potentialPayout,
  removeSelections,
  summarize,
  type SlipMode,
  type SlipSelection,
  type SlipState,
  type SlipSummary,
  type StakeError,
} from './slip';
import { getSlip, updateSlip, useOddsPolicy, useSlip } from './slip-store';

/** A refused ticket: its selections and the text saying why (a key under `pages.betting.errors`). */
export interface PlaceFailure {
  outcomeIds: string[];
  errorKey: string;
}

export interface PlaceResult {
  placed: SportsbookTicket[];
  failures: PlaceFailure[];
  /** A ticket was refused because a price moved (policy "ask"): the slip offers to accept. */
  oddsChanged: boolean;
}

/**
 * The request id of each placement in flight or whose fate is unknown (a timeout, a
 * network or server failure), by what it sends: a retry of the same unchanged ticket
 * repeats its id, so the server answers the ticket it took and moves no money twice.
 */
const requestIds = new Map<string, string>();

/** A stake field's canonical text (digits, at most one `.`; lib/amount-input.ts) in major units. */
export function stakeOfText(text: string, unit: DisplayUnit): number | null {
  if (!/\d/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? fromDisplayAmount(value, unit) : null;
}

/** The money texts of the session's currency (display unit, locale). */
function useMoney(currencyCode: string | undefined) {
  const { locale } = useLocale();
  const currency = useCurrencies().data?.find((item) => item.code === currencyCode);
  const unit = displayUnitOf(currency, currencyCode);
  const majorDecimals = unit.decimals + Math.round(Math.log10(unit.factor));
  return {
    currency,
    locale,
    unit,
    majorDecimals,
    format: (amount: number) => formatMoney(amount, currency, locale, { code: currencyCode }),
    stakeOf: (text: string) => stakeOfText(text, unit),
  };
}

/**
 * The bet slip: the selections the player picked (odds buttons), singles or an
 * accumulator, stakes, the odds-change policy and placing. A guest sees the slip with a
 * sign-in button; the betting session is launched when a signed-in player has selections.
 */
export function BetSlip() {
  const slip = useSlip();
  const [policy, setPolicy] = useOddsPolicy();
  const [format] = useOddsFormat();
  const { isLoggedIn } = useSession();
  const openModal = useOpenModal();
  const queryClient = useQueryClient();
  const session = useBettingSession(isLoggedIn && slip.selections.length > 0);
  const money = useMoney(session.data?.currency);
  const placeTicket = usePlaceTicket();
  const afterMoneyMoved = useAfterMoneyMoved();
  const [placing, setPlacing] = useState<{ live: boolean } | null>(null);
  const [result, setResult] = useState<PlaceResult | null>(null);
  const [attempted, setAttempted] = useState(false);
  const limits = session.data;
  const summary = summarize(slip, policy, money.stakeOf, limits, money.majorDecimals);

  const place = async () => {
    setAttempted(true);
    // The store, not the render: "accept odds changes" places right after changing it.
    const current = getSlip();
    const now = summarize(current, policy, money.stakeOf, limits, money.majorDecimals);
    if (!now.ready || !limits || placing) return;
    setPlacing({ live: current.selections.some((item) => item.live) });
    setResult(null);
    const outcome: PlaceResult = { placed: [], failures: [], oddsChanged: false };
    // Singles go one after another: each is its own ticket, refused or taken on its own.
    for (const placement of now.placements) {
      const fingerprint = placementFingerprint(placement.body);
      const requestId = requestIds.get(fingerprint) ?? newRequestId();
      requestIds.set(fingerprint, requestId);
      try {
        const ticket = await placeTicket({ ...placement.body, requestId });
        requestIds.delete(fingerprint);
        outcome.placed.push(ticket);
        updateSlip((state) => removeSelections(state, placement.outcomeIds));
      } catch (error) {
        // A definite refusal is final for that request; an unknown fate keeps its id for the retry.
        if (error instanceof Error && 'status' in error && Number(error.status) >= 400 && Number(error.status) < 500)
          requestIds.delete(fingerprint);
        outcome.failures.push({ outcomeIds: placement.outcomeIds, errorKey: bettingErrorKey(error) });
        if (isOddsChanged(error)) outcome.oddsChanged = true;
        if (needsFreshPrices(error)) {
          const eventIds = current.selections
            .filter((item) => placement.outcomeIds.includes(item.outcomeId))
            .map((item) => item.eventId);
          await refreshSlipEvents(queryClient, eventIds);
        }
      }
    }
    if (outcome.placed.length > 0) {
      if (outcome.failures.length === 0) updateSlip((state) => ({ ...state, comboStake: '' }));
      void afterMoneyMoved();
    }
    setPlacing(null);
    setResult(outcome);
    setAttempted(false);
  };

  return (
    <BetSlipView
      slip={slip}
      summary={summary}
      policy={policy}
      format={format}
      signedIn={isLoggedIn}
      session={session.data}
      sessionPending={isLoggedIn && slip.selections.length > 0 && session.isPending}
      sessionErrorKey={session.isError ? bettingErrorKey(session.error) : null}
      currency={money.currency}
      locale={money.locale}
      unit={money.unit}
      majorDecimals={money.majorDecimals}
      formatMoney={money.format}
      placing={placing}
      result={result}
      showRequired={attempted}
      onPolicy={setPolicy}
      onMode={(mode) => updateSlip((state) => ({ ...state, mode }))}
      onStake={(outcomeId, text) =>
        updateSlip((state) => ({ ...state, stakes: { ...state.stakes, [outcomeId]: text } }))
      }
      onComboStake={(text) => updateSlip((state) => ({ ...state, comboStake: text }))}
      onRemove={(outcomeId) => updateSlip((state) => removeSelections(state, [outcomeId]))}
      onClear={() => {
        updateSlip(() => EMPTY_SLIP);
        setResult(null);
      }}
      onPlace={() => void place()}
      onAccept={() => {
        updateSlip(acceptOddsChanges);
        if (result?.oddsChanged) void place();
      }}
      onSignIn={() => openModal('sign-in')}
      onRetrySession={() => void session.refetch()}
      onDismissResult={() => setResult(null)}
    />
  );
}

export interface BetSlipViewProps {
  slip: SlipState;
  summary: SlipSummary;
  policy: OddsChangePolicyName;
  format: OddsFormat;
  signedIn: boolean;
  session: SportsbookSession | undefined;
  sessionPending: boolean;
  /** The sportsbook could not be started (a limit, self-exclusion…): the text's key. */
  sessionErrorKey: string | null;
  currency: CurrencyInfo | undefined;
  locale: string;
  unit: DisplayUnit;
  majorDecimals: number;
  formatMoney: (amount: number) => string;
  placing: { live: boolean } | null;
  result: PlaceResult | null;
  /** Show "enter a stake" under empty stakes (after a try to place). */
  showRequired: boolean;
  onPolicy: (policy: OddsChangePolicyName) => void;
  onMode: (mode: SlipMode) => void;
  onStake: (outcomeId: string, text: string) => void;
  onComboStake: (text: string) => void;
  onRemove: (outcomeId: string) => void;
  onClear: () => void;
  onPlace: () => void;
  onAccept: () => void;
  onSignIn: () => void;
  onRetrySession: () => void;
  onDismissResult: () => void;
}

/** The slip as markup, from its state and callbacks (the container above holds the effects). */
export function BetSlipView(props: BetSlipViewProps) {
  const { t } = useTranslation('layout');
  const { slip, summary, result } = props;
  const id = useId();
  const count = slip.selections.length;

  if (result && result.placed.length > 0 && result.failures.length === 0) {
    return (
      <section className="sb-slip" data-testid="bet-slip" aria-labelledby={`${id}-title`}>
        <Receipt {...props} result={result} titleId={`${id}-title`} />
      </section>
    );
  }

  const failedKeys = [...new Set(result?.failures.map((failure) => failure.errorKey) ?? [])];
  const changed = slip.selections.some(hasOddsChange);
  const sameEvent = hasSameEventSelections(slip.selections);
  const stakeErrorText = (error: StakeError | undefined, text: string) => {
    if (!error || (error === 'required' && text === '' && !props.showRequired)) return undefined;
    return t(`pages.betting.slip.stakeErrors.${error}`, {
      min: props.session ? props.formatMoney(props.session.minStake) : '',
      max: props.session ? props.formatMoney(props.session.maxStake) : '',
    });
  };
  const hint = props.session
    ? t('pages.betting.slip.stakeHint', {
        min: props.formatMoney(props.session.minStake),
        max: props.formatMoney(props.session.maxStake),
      })
    : undefined;
  const stakeLabel = (name: string) => (props.unit.code ? `${name} (${props.unit.code})` : name);

  return (
    <section className="sb-slip" data-testid="bet-slip" aria-labelledby={`${id}-title`}>
      <header className="card-head">
        <h2 className="sb-slip__title" id={`${id}-title`}>
          {t('pages.betting.slip.title')} <span className="sb-slip__count">{count}</span>
        </h2>
        {count > 0 ? (
          <Button variant="ghost" className="sb-slip__clear" onClick={props.onClear}>
            {t('pages.betting.slip.clear')}
          </Button>
        ) : null}
      </header>
      {count === 0 ? (
        <EmptyState as="p" text={t('pages.betting.slip.empty')} />
      ) : (
        <>
          {count >= 2 ? (
            <div className="sb-slip__modes" role="group" aria-label={t('pages.betting.slip.modeLabel')}>
              {(['singles', 'combo'] as const).map((mode) => (
                <button
                  key={mode}
                  type="button"
                  className="sb-slip__mode"
                  aria-pressed={summary.mode === mode}
                  disabled={mode === 'combo' && !comboAllowed(slip.selections)}
                  onClick={() => props.onMode(mode)}
                  data-testid={`slip-mode-${mode}`}
                >
                  {t(`pages.betting.slip.modes.${mode}`)}
                </button>
              ))}
            </div>
          ) : null}
          {sameEvent ? <p className="sb-slip__note">{t('pages.betting.slip.comboSameEvent')}</p> : null}
          <ul className="stack-list">
            {slip.selections.map((selection) => (
              <SelectionItem
                key={selection.outcomeId}
                selection={selection}
                format={props.format}
                failed={result?.failures.some((failure) => failure.outcomeIds.includes(selection.outcomeId)) ?? false}
                onRemove={() => props.onRemove(selection.outcomeId)}
              >
                {summary.mode === 'singles' ? (
                  <div className="sb-slip__stake">
                    <AmountField
                      id={`${id}-stake-${selection.outcomeId}`}
                      name={`stake-${selection.outcomeId}`}
                      label={stakeLabel(t('pages.betting.slip.stake'))}
                      size="compact"
                      value={slip.stakes[selection.outcomeId] ?? ''}
                      onChange={(text) => props.onStake(selection.outcomeId, text)}
                      decimals={props.unit.decimals}
                      locale={props.locale}
                      error={stakeErrorText(
                        summary.errors[selection.outcomeId],
                        slip.stakes[selection.outcomeId] ?? '',
                      )}
                      hint={hint}
                      disabled={props.placing !== null}
                    />
                    <p className="sb-slip__payout">
                      {t('pages.betting.slip.potentialPayout')}{' '}
                      <strong>
                        {props.formatMoney(
                          singlePayout(props, slip.stakes[selection.outcomeId] ?? '', selection.oddsMilli),
                        )}
                      </strong>
                    </p>
                  </div>
                ) : null}
              </SelectionItem>
            ))}
          </ul>
          {count >= MAX_SELECTIONS ? (
            <p className="sb-slip__note">{t('pages.betting.slip.full', { max: MAX_SELECTIONS })}</p>
          ) : null}
          {summary.mode === 'combo' ? (
            <div className="sb-slip__combo">
              <p className="sb-slip__line">
                <span>{t('pages.betting.slip.combinedOdds')}</span>
                <strong data-testid="slip-combo-odds">
                  {displayOdds(comboOddsMilli(slip.selections) ?? 0, props.format)}
                </strong>
              </p>
              <AmountField
                id={`${id}-stake-combo`}
                name="stake-combo"
                label={stakeLabel(t('pages.betting.slip.stake'))}
                size="compact"
                value={slip.comboStake}
                onChange={props.onComboStake}
                decimals={props.unit.decimals}
                locale={props.locale}
                error={stakeErrorText(summary.errors.combo, slip.comboStake)}
                hint={hint}
                disabled={props.placing !== null}
              />
            </div>
          ) : null}
          <PolicySelect policy={props.policy} onChange={props.onPolicy} />
          <dl className="sb-slip__totals">
            <div>
              <dt>{t('pages.betting.slip.totalStake')}</dt>
              <dd data-testid="slip-total-stake">{props.formatMoney(summary.totalStake)}</dd>
            </div>
            <div>
              <dt>{t('pages.betting.slip.potentialPayout')}</dt>
              <dd data-testid="slip-payout">{props.formatMoney(summary.totalPayout)}</dd>
            </div>
            {props.session ? (
              <div>
                <dt>{t('pages.betting.slip.balance')}</dt>
                <dd>{props.formatMoney(props.session.balance)}</dd>
              </div>
            ) : null}
          </dl>
          {summary.suspended ? <p className="sb-slip__note">{t('pages.betting.slip.suspendedNote')}</p> : null}
          {summary.aboveBalance ? (
            <p className="sb-slip__error">{t('pages.betting.slip.stakeErrors.aboveBalance')}</p>
          ) : null}
          {failedKeys.length > 0 ? (
            <div className="sb-slip__error" role="alert" data-testid="slip-error">
              {failedKeys.map((key) => (
                <p key={key}>{t(`pages.betting.errors.${key}`)}</p>
              ))}
            </div>
          ) : null}
          {result && result.placed.length > 0 ? (
            <p className="sb-slip__success" role="status">
              {t('pages.betting.slip.receipt.partly', { count: result.placed.length })}
            </p>
          ) : null}
          <SlipAction {...props} changed={changed} />
        </>
      )}
    </section>
  );
}

function singlePayout(props: BetSlipViewProps, text: string, oddsMilli: number): number {
  const stake = stakeOfText(text, props.unit);
  return stake === null ? 0 : potentialPayout(stake, [oddsMilli], props.majorDecimals);
}

/** The slip's button: sign in, the sportsbook's refusal, accept changed odds, or place. */
function SlipAction(props: BetSlipViewProps & { changed: boolean }) {
  const { t } = useTranslation('layout');
  if (!props.signedIn) {
    return (
      <Button variant="primary" className="sb-slip__action" onClick={props.onSignIn} data-testid="slip-sign-in">
        {t('pages.betting.slip.signIn')}
      </Button>
    );
  }
  if (props.sessionErrorKey) {
    return (
      <div className="sb-slip__error" role="alert" data-testid="slip-session-error">
        <p>{t(`pages.betting.errors.${props.sessionErrorKey}`)}</p>
        <Button variant="ghost" onClick={props.onRetrySession}>
          {t('buttons.retry', { ns: 'global-components' })}
        </Button>
      </div>
    );
  }
  if (props.placing) {
    const seconds = Math.ceil((props.session?.liveDelayMs ?? 0) / 1000);
    return (
      <p className="sb-slip__placing" role="status" aria-live="polite" data-testid="slip-placing">
        <span className="spinner" aria-hidden="true" />
        {props.placing.live && seconds > 0
          ? t('pages.betting.slip.placingLive', { seconds })
          : t('pages.betting.slip.placing')}
      </p>
    );
  }
  const count = props.summary.mode === 'singles' ? props.slip.selections.length : 1;
  return (
    <div className="sb-slip__actions">
      {props.changed ? (
        <Button variant="primary" className="sb-slip__action" onClick={props.onAccept} data-testid="slip-accept">
          {t('pages.betting.slip.acceptChanges')}
        </Button>
      ) : null}
      <Button
        variant={props.changed ? 'ghost' : 'primary'}
        className="sb-slip__action"
        onClick={props.onPlace}
        disabled={props.sessionPending || props.summary.suspended || props.summary.aboveBalance}
        aria-busy={props.sessionPending || undefined}
        data-testid="slip-place"
      >
        {count > 1 ? t('pages.betting.slip.placeMany', { count }) : t('pages.betting.slip.place')}
      </Button>
    </div>
  );
}

/** One selection: event, market, outcome, price (a moved price with the one accepted), remove. */
function SelectionItem({
  selection,
  format,
  failed,
  onRemove,
  children,
}: {
  selection: SlipSelection;
  format: OddsFormat;
  failed: boolean;
  onRemove: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('layout');
  const text = useSelectionText();
  const outcome = text.outcome(selection);
  const moved = hasOddsChange(selection);
  const direction = selection.liveOddsMilli > selection.oddsMilli ? 'up' : 'down';
  return (
    <li
      className={`panel panel--raised sb-slip__item${selection.suspended ? ' sb-slip__item--suspended' : ''}${failed ? ' sb-slip__item--failed' : ''}`}
      data-outcome-id={selection.outcomeId}
    >
      <div className="sb-slip__item-head">
        <div className="sb-slip__item-text">
          <span className="sb-slip__outcome">{outcome}</span>
          <span className="sb-slip__market">{text.market(selection)}</span>
          <span className="sb-slip__event">
            {selection.live ? <span className="sb-live">{t('pages.betting.live')} </span> : null}
            {text.event(selection)}
          </span>
        </div>
        <div className="sb-slip__price">
          {selection.suspended ? (
            <span className="sb-slip__suspended">{t('pages.betting.suspended')}</span>
          ) : moved ? (
            <>
              <s
                className="sb-slip__old"
                aria-label={t('pages.betting.slip.wasOdds', { odds: displayOdds(selection.oddsMilli, format) })}
              >
                {displayOdds(selection.oddsMilli, format)}
              </s>
              <strong className={`sb-slip__odds sb-slip__odds--${direction}`} data-testid="slip-odds">
                {displayOdds(selection.liveOddsMilli, format)}
              </strong>
            </>
          ) : (
            <strong className="sb-slip__odds" data-testid="slip-odds">
              {displayOdds(selection.oddsMilli, format)}
            </strong>
          )}
        </div>
        <button
          type="button"
          className="sb-slip__remove"
          aria-label={t('pages.betting.slip.remove', { name: outcome })}
          onClick={onRemove}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {children}
    </li>
  );
}

/** The odds-change policy (a native select). */
function PolicySelect({
  policy,
  onChange,
}: {
  policy: OddsChangePolicyName;
  onChange: (policy: OddsChangePolicyName) => void;
}) {
  const { t } = useTranslation('layout');
  const id = useId();
  return (
    <Select
      id={id}
      size="compact"
      label={t('pages.betting.slip.policy')}
      value={policy}
      onChange={(event) => onChange(ODDS_CHANGE_POLICIES.find((value) => value === event.target.value) ?? policy)}
      options={ODDS_CHANGE_POLICIES.map((value) => ({ value, label: t(`pages.betting.slip.policies.${value}`) }))}
      data-testid="slip-policy"
    />
  );
}

/** What was placed: each ticket's selections, odds, stake and potential payout. */
function Receipt(props: BetSlipViewProps & { result: PlaceResult; titleId: string }) {
  const { t } = useTranslation('layout');
  const text = useSelectionText();
  return (
    <div className="sb-receipt" role="status" data-testid="slip-receipt">
      <h2 className="sb-slip__title" id={props.titleId}>
        {t('pages.betting.slip.receipt.title')}
      </h2>
      <ul className="stack-list">
        {props.result.placed.map((ticket) => (
          <li key={ticket.id} className="sb-receipt__ticket" data-ticket-id={ticket.id}>
            <p className="sb-receipt__type">
              {ticket.type === 'combo'
                ? t('pages.betting.myBets.combo', { count: ticket.legs.length })
                : t('pages.betting.myBets.single')}
            </p>
            <ul className="stack-list sb-receipt__legs">
              {ticket.legs.map((leg) => (
                <li key={leg.outcomeId}>
                  {text.outcome(leg)} · {text.market(leg)} · {text.event(leg)}
                </li>
              ))}
            </ul>
            <dl className="sb-slip__totals">
              <div>
                <dt>{t('pages.betting.myBets.odds')}</dt>
                <dd>{displayOdds(ticket.oddsMilli, props.format)}</dd>
              </div>
              <div>
                <dt>{t('pages.betting.myBets.stake')}</dt>
                <dd>{props.formatMoney(ticket.stake)}</dd>
              </div>
              <div>
                <dt>{t('pages.betting.myBets.potentialPayout')}</dt>
                <dd>{props.formatMoney(ticket.potentialPayout)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <Button
        variant="primary"
        className="sb-slip__action"
        onClick={props.onDismissResult}
        data-testid="slip-receipt-done"
      >
        {t('pages.betting.slip.receipt.done')}
      </Button>
    </div>
  );
}
