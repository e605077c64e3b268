import { REALITY_CHECK_INTERVALS_MINUTES, SESSION_TIME_LIMITS_MINUTES, type PlaySettings } from '@croupier/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Select } from '../../components/ui/Select';
import { Skeleton } from '../../components/ui/Skeleton';
import { usePlaySettings, useSavePlaySettings } from './api';
import { durationLabel, fromSelectValue, OFF, toSelectValue } from './logic';
import './play-settings.css';

/**
 * The player's reality checks and session time (docs/player-protection.md, "Reality checks
 * and session time"): the interval between reality checks and the session-time limit, each
 * off or one of the contract's choices. A self-contained section for a profile page.
 */
export function RealityCheckSettings() {
  const { t } = useTranslation('layout');
  const query = usePlaySettings();
  const titleId = useId();

  return (
    <section className="play-settings" aria-labelledby={titleId} data-testid="reality-check-settings">
      <h2 id={titleId} className="play-settings__title">
        {t('realityCheck.title')}
      </h2>
      <p className="play-settings__intro">{t('realityCheck.intro')}</p>
      {query.isPending ? (
        <Skeleton className="play-settings__skeleton" />
      ) : query.isError ? (
        <div className="state state--error" role="alert">
          <p>{t('realityCheck.loadFailed')}</p>
          <Button variant="ghost" onClick={() => void query.refetch()}>
            {t('realityCheck.retry')}
          </Button>
        </div>
      ) : (
        <SettingsForm saved={query.data} />
      )}
    </section>
  );
}

function SettingsForm({ saved }: { saved: PlaySettings }) {
  const { t } = useTranslation('layout');
  const save = useSavePlaySettings();
  const intervalId = useId();
  const limitId = useId();
  const noteId = useId();
  const [interval, setIntervalChoice] = useState(() => toSelectValue(saved.intervalMinutes));
  const [limit, setLimit] = useState(() => toSelectValue(saved.sessionLimitMinutes));
  const label = (minutes: number) => {
    const { key, count } = durationLabel(minutes);
    return t(`realityCheck.${key}`, { count });
  };
  const options = (choices: readonly number[], off: string) => [
    { value: OFF, label: off },
    ...choices.map((minutes) => ({ value: String(minutes), label: label(minutes) })),
  ];
  const unchanged =
    fromSelectValue(interval) === saved.intervalMinutes && fromSelectValue(limit) === saved.sessionLimitMinutes;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ intervalMinutes: fromSelectValue(interval), sessionLimitMinutes: fromSelectValue(limit) });
  };

  return (
    <form className="play-settings__form" onSubmit={submit} noValidate>
      <div className="play-settings__fields">
        <Select
          id={intervalId}
          label={t('realityCheck.interval')}
          options={options(REALITY_CHECK_INTERVALS_MINUTES, t('realityCheck.off'))}
          value={interval}
          describedBy={noteId}
          onChange={(event) => setIntervalChoice(event.target.value)}
        />
        <Select
          id={limitId}
          label={t('realityCheck.sessionLimit')}
          options={options(SESSION_TIME_LIMITS_MINUTES, t('realityCheck.noLimit'))}
          value={limit}
          describedBy={noteId}
          onChange={(event) => setLimit(event.target.value)}
        />
      </div>
      <p id={noteId} className="play-settings__note">
        {t('realityCheck.note')}
      </p>
      <div className="play-settings__actions">
        <Button type="submit" variant="primary" disabled={unchanged || save.isPending} data-testid="reality-check-save">
          {t('realityCheck.save')}
        </Button>
        <p className="play-settings__status" role="status" aria-live="polite">
          {save.isSuccess && unchanged ? t('realityCheck.saved') : ''}
        </p>
      </div>
      {save.isError ? (
        <p className="play-settings__error" role="alert">
          {t('realityCheck.failed')}
        </p>
      ) : null}
    </form>
  );
}
