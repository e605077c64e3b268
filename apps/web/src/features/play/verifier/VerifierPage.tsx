import { PLINKO_RISKS, SEEDED_GAMES } from '@croupier/games';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { parseVerifierQuery, type VerifierForm } from './query';
import { PLINKO_ROWS, serverSeedHash, verify, verifyPair } from './replay';
import { outcomeSummary, VerifierOutcome } from './VerifierOutcome';
import './verifier.css';
import { Button } from '../../../components/ui/Button';

/** Rows of the "rounds of this pair" table. */
const PAIR_ROUNDS = 10;
/** Form fields whose value is free text. */
type TextKey = { [K in keyof VerifierForm]: string extends VerifierForm[K] ? K : never }[keyof VerifierForm];

/** Problem fields of packages/games named after the form's fields. */
const FIELD_OF: Record<string, keyof VerifierForm> = { tile: 'reveals', round: 'reveals' };

function Field(props: { label: string; hint?: string; children: (id: string, hintId?: string) => ReactNode }) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="verifier-field">
      <label htmlFor={id}>{props.label}</label>
      {props.children(id, props.hint ? hintId : undefined)}
      {props.hint ? (
        <p id={hintId} className="verifier-field__hint">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The fairness verifier: recomputes any round of the in-house games from its seeds, nonce
 * and choices with the same packages/games code the server plays, all in the browser.
 */
export function VerifierPage() {
  const { t, i18n } = useTranslation('global-components');
  const [form, setForm] = useState<VerifierForm>(() => parseVerifierQuery(window.location.search));
  const [showPair, setShowPair] = useState(false);
  const set = <K extends keyof VerifierForm>(key: K, value: VerifierForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const hash = useMemo(() => serverSeedHash(form.serverSeed), [form.serverSeed]);
  const result = useMemo(() => verify(form), [form]);
  const pair = useMemo(() => (showPair ? verifyPair(form, PAIR_ROUNDS) : []), [form, showPair]);
  const problemField = !result.ok ? (FIELD_OF[result.field] ?? result.field.split(/[.[]/)[0]) : null;
  const problemLabel = problemField ? t(`play.verifier.fields.${problemField}`, { defaultValue: '' }) : '';

  const text = (key: TextKey, label: string, options: { hint?: string; mono?: boolean } = {}) => (
    <Field label={label} hint={options.hint}>
      {(id, hintId) => (
        <input
          id={id}
          className={`verifier-input${options.mono ? ' verifier-input--mono' : ''}`}
          value={form[key]}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={hintId}
          aria-invalid={problemField === key || undefined}
          onChange={(event) => set(key, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <div className="verifier">
      <PageHeader title={t('play.verifier.title')} description={t('play.verifier.intro')} />
      <div className="verifier__layout">
        <form className="verifier__form card" onSubmit={(event) => event.preventDefault()} noValidate>
          <Field label={t('play.verifier.game')}>
            {(id) => (
              <select
                id={id}
                className="verifier-input"
                value={form.game}
                onChange={(event) => set('game', SEEDED_GAMES.find((game) => game === event.target.value) ?? 'dice')}
              >
                {SEEDED_GAMES.map((game) => (
                  <option key={game} value={game}>
                    {t(`play.games.${game}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {text('serverSeed', t('play.verifier.fields.serverSeed'), { mono: true })}
          {text('clientSeed', t('play.verifier.fields.clientSeed'), { mono: true })}
          {text('nonce', t('play.verifier.fields.nonce'))}
          {form.game === 'dice' ? (
            <Field label={t('play.verifier.fields.direction')}>
              {(id) => (
                <select
                  id={id}
                  className="verifier-input"
                  value={form.direction}
                  onChange={(event) => set('direction', event.target.value === 'over' ? 'over' : 'under')}
                >
                  <option value="under">{t('play.dice.under')}</option>
                  <option value="over">{t('play.dice.over')}</option>
                </select>
              )}
            </Field>
          ) : null}
          {form.game === 'dice' || form.game === 'limbo'
            ? text('targetHundredths', t('play.verifier.fields.targetHundredths'), {
                hint: t('play.verifier.targetHint'),
              })
            : null}
          {form.game === 'plinko' ? (
            <>
              {text('rows', t('play.verifier.fields.rows'), {
                hint: t('play.verifier.rowsHint', PLINKO_ROWS),
              })}
              <Field label={t('play.verifier.fields.risk')}>
                {(id) => (
                  <select
                    id={id}
                    className="verifier-input"
                    value={form.risk}
                    onChange={(event) => set('risk', event.target.value)}
                  >
                    {PLINKO_RISKS.map((risk) => (
                      <option key={risk} value={risk}>
                        {t(`play.plinko.risk.${risk}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </>
          ) : null}
          {form.game === 'mines' ? (
            <>
              {text('mineCount', t('play.verifier.fields.mineCount'))}
              {text('reveals', t('play.verifier.fields.reveals'), { hint: t('play.verifier.revealsHint') })}
              <label className="verifier-check">
                <input
                  type="checkbox"
                  checked={form.cashOut}
                  onChange={(event) => set('cashOut', event.target.checked)}
                />
                {t('play.verifier.fields.cashOut')}
              </label>
            </>
          ) : null}
          {form.game === 'roulette'
            ? text('bets', t('play.verifier.fields.bets'), { hint: t('play.verifier.betsHint'), mono: true })
            : null}
        </form>
        <section className="verifier__result card" aria-labelledby="verifier-result-title" aria-live="polite">
          <h2 id="verifier-result-title">{t('play.verifier.outcome')}</h2>
          <dl className="verifier-facts">
            <div>
              <dt>{t('play.verifier.hash')}</dt>
              <dd>
                <code data-testid="verifier-hash">{hash || '–'}</code>
              </dd>
            </div>
          </dl>
          <p className="verifier-field__hint">{t('play.verifier.hashHint')}</p>
          {result.ok ? (
            <VerifierOutcome verified={result.value} />
          ) : (
            <p className="verifier__problem" role="status">
              {form.serverSeed
                ? problemLabel
                  ? t('play.verifier.invalid', { field: problemLabel })
                  : t('play.verifier.invalidGeneric')
                : t('play.verifier.empty')}
            </p>
          )}
          {result.ok ? (
            <div className="verifier-pair">
              <Button variant="ghost" onClick={() => setShowPair(!showPair)}>
                {showPair ? t('play.verifier.pairHide') : t('play.verifier.pairShow', { count: PAIR_ROUNDS })}
              </Button>
              {pair.length > 0 ? (
                <table className="verifier-pair__table">
                  <caption>{t('play.verifier.pairCaption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('play.verifier.fields.nonce')}</th>
                      <th scope="col">{t('play.verifier.outcome')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {pair.map((row) => (
                      <tr key={row.nonce}>
                        <td>{row.nonce}</td>
                        <td>
                          {row.result.ok
                            ? outcomeSummary(row.result.value, t, i18n.language)
                            : t('play.verifier.invalidGeneric')}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
}
