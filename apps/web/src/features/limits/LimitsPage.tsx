import type { Limit } from '@croupier/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/fields';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { Money } from '../../components/ui/Money';
import { PageHeader } from '../../components/ui/PageHeader';
import { RowsSkeleton } from '../../components/ui/Skeleton';
import { useLocale } from '../../lib/app-settings';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useToasts } from '../layout';
import { useModals } from '../modals';
import { RealityCheckSettings } from '../play-settings';
import { useCurrencies } from '../settings';
import { useLimits, useRequestReturn } from './api';
import {
  activeCoolingOff,
  CASH_DEFINITION_ORDER,
  currentSelfExclusion,
  definitionKey,
  exclusionState,
  groupCashLimits,
  groupCurrencies,
  isPendingStatus,
  showAdvancedMode,
  usedPercent,
  type CashLimit,
  type PeriodGroup,
} from './logic';
import { useNow } from './now';
import { Countdown, UsageMeter } from './parts';
import '../../components/account-pages.css';
import '../../components/ui/layout.css';
import './limits.css';

/**
 * `/profile/limits` (docs/player-protection.md, "Limits"): the cash limits grouped by
 * period then currency, each with what its period has used, when it resets and any
 * pending increase or removal with its countdown; the advanced view (one table) when every
 * period group covers every currency; then the cooling-off and self-exclusion, with the
 * request to play again once a self-exclusion has ended. Changes go through the
 * add-cash-limit, edit-cash-limit, cooling-off-limit and self-exclusion-limit modals.
 */
export function ProfileLimitsPage() {
  const { t } = useTranslation('layout');
  const limits = useLimits();
  return (
    <div className="profile-page limits">
      <PageHeader title={t('profile.limits.title')} description={t('profile.limits.description')} />
      {limits.isPending ? (
        <div aria-busy="true">
          <RowsSkeleton rows={4} />
        </div>
      ) : limits.isError ? (
        <ErrorState onRetry={() => void limits.refetch()} />
      ) : (
        <LimitsView limits={limits.data} onDue={() => void limits.refetch()} />
      )}
      <RealityCheckSettings />
    </div>
  );
}

/** The loaded page; `onDue` reloads the list when a pending change or a period is due. */
export function LimitsView({ limits, onDue }: { limits: readonly Limit[]; onDue: () => void }) {
  const { t } = useTranslation('layout');
  const { open } = useModals();
  const id = useId();
  const [advanced, setAdvanced] = useState(false);
  const groups = groupCashLimits(limits);
  const advancedShown = showAdvancedMode(groups);
  const now = useNow();
  const excluded = currentSelfExclusion(limits, now);

  return (
    <div className="limits__sections">
      <section className="profile-card limits__cash" aria-labelledby={`${id}-cash`}>
        <div className="limits__head">
          <div>
            <h2 className="profile-card__title" id={`${id}-cash`}>
              {t('profile.limits.cash.title')}
            </h2>
            <p className="profile-card__description">{t('profile.limits.cash.description')}</p>
          </div>
          <div className="limits__tools">
            {advancedShown ? (
              <label className="limits__switch">
                <input
                  type="checkbox"
                  role="switch"
                  checked={advanced}
                  aria-describedby={`${id}-advanced`}
                  onChange={(event) => setAdvanced(event.target.checked)}
                />
                <span>{t('profile.limits.advancedMode')}</span>
                <span id={`${id}-advanced`} className="visually-hidden">
                  {t('profile.limits.advancedModeHint')}
                </span>
              </label>
            ) : null}
            <Button variant="primary" onClick={() => open('add-cash-limit')}>
              {t('profile.limits.add')}
            </Button>
          </div>
        </div>
        {groups.length === 0 ? (
          <EmptyState as="p" text={t('profile.limits.empty')} />
        ) : advanced && advancedShown ? (
          <LimitsTable groups={groups} />
        ) : (
          groups.map((group) => <PeriodSection key={group.period} group={group} onDue={onDue} />)
        )}
      </section>

      <section className="profile-card limits__breaks" aria-labelledby={`${id}-breaks`}>
        <h2 className="profile-card__title" id={`${id}-breaks`}>
          {t('profile.limits.breaks.title')}
        </h2>
        <div className="limits__break-cards">
          <CoolingOffCard limits={limits} now={now} blocked={excluded !== undefined} onDue={onDue} />
          <SelfExclusionCard exclusion={excluded} now={now} onDue={onDue} />
        </div>
      </section>
    </div>
  );
}

function PeriodSection({ group, onDue }: { group: PeriodGroup; onDue: () => void }) {
  const { t } = useTranslation('global-components');
  const id = useId();
  return (
    <section className="limits__period" aria-labelledby={id} data-period={group.period}>
      <h3 className="limits__period-title" id={id}>
        {t(`limits.periods.${group.period}`, { defaultValue: group.period })}
      </h3>
      {group.currencies.map(({ currency, limits }) => (
        <div className="limits__currency" key={currency} data-currency={currency}>
          <h4 className="limits__currency-title">{currency}</h4>
          <ul className="limits__cards">
            {limits.map((limit) => (
              <LimitCard key={limit.id} limit={limit} onDue={onDue} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function LimitCard({ limit, onDue }: { limit: CashLimit; onDue: () => void }) {
  const { t } = useTranslation('layout');
  const { t: tg } = useTranslation('global-components');
  const { locale } = useLocale();
  const { open } = useModals();
  const currency = useCurrencies().data?.find((item) => item.code === limit.currency);
  const id = useId();
  const name = tg(`limits.definitions.${definitionKey(limit.definition) ?? 'deposit'}`);
  const period = tg(`limits.periods.${limit.period}`, { defaultValue: limit.period });
  const percent = usedPercent(limit);
  const date = (value: string | null) => formatDateTime(value, locale) ?? '';
  const money = (amount: number) => formatMoney(amount, currency, locale, { code: limit.currency });

  return (
    <li
      className="panel panel--raised limits__card"
      aria-labelledby={`${id}-name`}
      data-definition={definitionKey(limit.definition)}
      data-pending={limit.pendingExist || limit.cancelProcess ? '' : undefined}
    >
      <div className="card-head">
        <h5 className="limits__card-name" id={`${id}-name`}>
          {name}
        </h5>
        {isPendingStatus(limit) ? (
          <span className="profile-badge limits__badge">{t('profile.limits.pending')}</span>
        ) : null}
      </div>
      <p className="limits__amount">{money(limit.amount)}</p>
      <UsageMeter
        percent={percent}
        label={t('profile.limits.usedLabel', { name, period, currency: limit.currency, percent })}
      />
      <p className="muted-note limits__used">
        {t('profile.limits.current', { sum: money(limit.currentAmount ?? 0), max: money(limit.amount) })}
      </p>
      {limit.periodEndsAt ? (
        <p className="muted-note">{t('profile.limits.resetsOn', { date: date(limit.periodEndsAt) })}</p>
      ) : null}
      {limit.pendingExist && !limit.cancelProcess ? (
        <div className="limits__pending" role="note">
          {limit.pendingAmount !== null ? (
            <p className="limits__pending-amount">
              {t('profile.limits.pendingIncrease', { amount: money(limit.pendingAmount) })}
            </p>
          ) : null}
          <p>{t('profile.limits.pendingChange', { date: date(limit.expiredAt) })}</p>
          <Countdown until={limit.expiredAt} onOver={onDue} />
        </div>
      ) : null}
      {limit.cancelProcess ? (
        <div className="limits__pending limits__pending--removal" role="note">
          <p>{t('profile.limits.pendingRemoval', { date: date(limit.expiredAt) })}</p>
          <Countdown until={limit.expiredAt} onOver={onDue} />
          <p className="muted-note" id={`${id}-locked`}>
            {t('profile.limits.removalLocked')}
          </p>
        </div>
      ) : null}
      <div className="limits__actions">
        <Button
          variant="ghost"
          disabled={limit.cancelProcess}
          aria-label={t('profile.limits.editLabel', { name, period, currency: limit.currency })}
          aria-describedby={limit.cancelProcess ? `${id}-locked` : undefined}
          onClick={() => open('edit-cash-limit', { props: { limit } })}
        >
          {t('profile.limits.edit')}
        </Button>
      </div>
    </li>
  );
}

/** The advanced view: one row per limit type and period, one column per currency. */
function LimitsTable({ groups }: { groups: readonly PeriodGroup[] }) {
  const { t } = useTranslation('layout');
  const { t: tg } = useTranslation('global-components');
  const currencies = groupCurrencies(groups);
  const currencyData = useCurrencies().data;
  const rows = groups.flatMap((group) =>
    CASH_DEFINITION_ORDER.filter((definition) =>
      group.currencies.some((item) => item.limits.some((limit) => limit.definition === definition)),
    ).map((definition) => ({ group, definition })),
  );
  return (
    <div className="limits__table-wrap" tabIndex={0} role="region" aria-label={t('profile.limits.table.caption')}>
      <table className="limits__table">
        <caption className="visually-hidden">{t('profile.limits.table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('profile.limits.table.limit')}</th>
            <th scope="col">{t('profile.limits.table.period')}</th>
            {currencies.map((currency) => (
              <th scope="col" key={currency}>
                {currency}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ group, definition }) => {
            const name = tg(`limits.definitions.${definitionKey(definition) ?? 'deposit'}`);
            const period = tg(`limits.periods.${group.period}`, { defaultValue: group.period });
            return (
              <tr key={`${group.period}-${definition}`}>
                <th scope="row">{name}</th>
                <td>{period}</td>
                {currencies.map((code) => {
                  const limit = group.currencies
                    .find((item) => item.currency === code)
                    ?.limits.find((item) => item.definition === definition);
                  const currency = currencyData?.find((item) => item.code === code);
                  if (!limit) return <td key={code}>—</td>;
                  const percent = usedPercent(limit);
                  return (
                    <td key={code} data-pending={limit.pendingExist || limit.cancelProcess ? '' : undefined}>
                      <span className="limits__cell">
                        <Money amount={limit.currentAmount ?? 0} currency={currency} code={code} /> /{' '}
                        <Money amount={limit.amount} currency={currency} code={code} />
                        {limit.pendingExist || limit.cancelProcess ? (
                          <span className="profile-badge limits__badge">{t('profile.limits.pending')}</span>
                        ) : null}
                      </span>
                      <UsageMeter
                        percent={percent}
                        label={t('profile.limits.usedLabel', { name, period, currency: code, percent })}
                      />
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function CoolingOffCard(props: { limits: readonly Limit[]; now: number; blocked: boolean; onDue: () => void }) {
  const { limits, now, blocked, onDue } = props;
  const { t } = useTranslation('layout');
  const { locale } = useLocale();
  const { open } = useModals();
  const id = useId();
  const active = activeCoolingOff(limits, now);
  return (
    <article className="panel panel--raised limits__break" aria-labelledby={id} data-state={active ? 'active' : 'off'}>
      <h3 className="limits__break-title" id={id}>
        {t('profile.limits.coolingOff.title')}
      </h3>
      {active ? (
        <>
          <p className="profile-badge profile-badge--current limits__state">
            {t('profile.limits.coolingOff.activeTitle')}
          </p>
          <p>{t('profile.limits.coolingOff.active', { date: formatDateTime(active.expiredAt, locale) ?? '' })}</p>
          <Countdown until={active.expiredAt} onOver={onDue} />
          <Button
            variant="ghost"
            onClick={() =>
              open('cooling-off-limit', { props: { limit: active, titleKey: 'coolingOffLimit.extendTitle' } })
            }
          >
            {t('profile.limits.extend.label')}
          </Button>
        </>
      ) : (
        <>
          <p className="muted-note">{t('profile.limits.coolingOff.description')}</p>
          {blocked ? null : (
            <Button variant="ghost" onClick={() => open('cooling-off-limit')}>
              {t('profile.limits.coolingOff.start')}
            </Button>
          )}
        </>
      )}
    </article>
  );
}

function SelfExclusionCard(props: { exclusion: Limit | undefined; now: number; onDue: () => void }) {
  const { exclusion, now, onDue } = props;
  const { t } = useTranslation('layout');
  const { t: ta } = useTranslation('alerts');
  const { locale } = useLocale();
  const { open } = useModals();
  const { notify } = useToasts();
  const request = useRequestReturn();
  const [failed, setFailed] = useState(false);
  const id = useId();
  const state = exclusion ? exclusionState(exclusion, now) : null;
  const date = (value: string | null) => formatDateTime(value, locale) ?? '';

  const askToReturn = (limit: Limit) => {
    setFailed(false);
    request.mutate(limit.id, {
      onSuccess: (answer) =>
        notify({
          type: 'info',
          title: ta('limitReturnRequested.title'),
          description: ta('limitReturnRequested.description', { date: date(answer.returnAt) }),
        }),
      onError: () => setFailed(true),
    });
  };

  return (
    <article className="panel panel--raised limits__break" aria-labelledby={id} data-state={state ?? 'off'}>
      <h3 className="limits__break-title" id={id}>
        {t('profile.limits.selfExclusion.title')}
      </h3>
      {exclusion && state === 'active' ? (
        <>
          <p className="profile-badge profile-badge--current limits__state">
            {t('profile.limits.selfExclusion.activeTitle')}
          </p>
          <p>
            {exclusion.expiredAt === null
              ? t('profile.limits.selfExclusion.permanent')
              : t('profile.limits.selfExclusion.active', { date: date(exclusion.expiredAt) })}
          </p>
          {exclusion.expiredAt === null ? null : (
            <Button
              variant="ghost"
              onClick={() =>
                open('self-exclusion-limit', {
                  props: { limit: exclusion, titleKey: 'selfExclusionLimit.extendTitle' },
                })
              }
            >
              {t('profile.limits.extend.label')}
            </Button>
          )}
        </>
      ) : exclusion && state === 'ended' ? (
        <>
          <p>{t('profile.limits.selfExclusion.ended', { date: date(exclusion.expiredAt) })}</p>
          <Button variant="primary" disabled={request.isPending} onClick={() => askToReturn(exclusion)}>
            {request.isPending ? <Spinner /> : null}
            {t('profile.limits.selfExclusion.requestReturn')}
          </Button>
          {failed ? (
            <p className="field__error" role="alert">
              {ta('somethingWrong.description')}
            </p>
          ) : null}
        </>
      ) : exclusion && state === 'returning' ? (
        <>
          <p role="status">{t('profile.limits.selfExclusion.returning', { date: date(exclusion.returnAt) })}</p>
          <Countdown until={exclusion.returnAt} onOver={onDue} />
        </>
      ) : (
        <>
          <p className="muted-note">{t('profile.limits.selfExclusion.description')}</p>
          <Button variant="ghost" onClick={() => open('self-exclusion-limit')}>
            {t('profile.limits.selfExclusion.start')}
          </Button>
        </>
      )}
    </article>
  );
}
