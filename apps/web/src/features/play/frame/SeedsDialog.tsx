import type { Seeds } from '@croupier/contract';
import { generateClientSeed } from '@croupier/games';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../layout';
import { roundVerifierForm, verifierSearch } from '../verifier/query';
import { useFrame } from './context';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { IconButton } from '../../../components/ui/IconButton';
import { Skeleton } from '../../../components/ui/Skeleton';

type RevealedPair = NonNullable<Seeds['previous']>;

const randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));

/** The fairness panel: the committed server seed, the client seed to change, rotation with reveal. */
export function SeedsDialog({ onClose }: { onClose: () => void }) {
  const { api, token, session, lastRound, reportError } = useFrame();
  const { t } = useTranslation('global-components');
  const { notify } = useToasts();
  const queryClient = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const clientSeedId = useId();
  const errorId = useId();
  const queryKey = ['play', 'seeds', token];
  const seeds = useQuery({ queryKey, queryFn: () => api.seeds(), staleTime: 0 });
  const [clientSeed, setClientSeed] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState(false);
  const [previous, setPrevious] = useState<RevealedPair | null>(null);

  useEffect(() => {
    const element = dialog.current;
    // Unmounting removes the dialog from the page, which ends its modal state too.
    if (element && !element.open) element.showModal();
  }, []);

  const onSaved = (data: Seeds) => {
    queryClient.setQueryData(queryKey, data);
    setClientSeed(null);
    setFieldError(false);
  };
  const onFailed = (error: unknown) => {
    const fields = reportError(error);
    if (fields?.clientSeed) setFieldError(true);
  };
  const save = useMutation({
    mutationFn: (value: string) => api.setClientSeed(value),
    onSuccess: (data) => {
      onSaved(data);
      notify({ type: 'success', title: t('play.seeds.saved') });
    },
    onError: onFailed,
  });
  const rotate = useMutation({
    mutationFn: () => api.rotate(clientSeed ?? undefined),
    onSuccess: (data) => {
      onSaved(data);
      setPrevious(data.previous);
    },
    onError: onFailed,
  });

  const active = seeds.data?.active;
  const shownClientSeed = clientSeed ?? active?.clientSeed ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (shownClientSeed) save.mutate(shownClientSeed);
  };

  return (
    <dialog ref={dialog} className="play-dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="play-dialog__head">
        <h2 id={titleId}>{t('play.seeds.title')}</h2>
        <IconButton label={t('play.seeds.close')} onClick={onClose}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
          </svg>
        </IconButton>
      </div>
      <p className="play-dialog__text">{t('play.seeds.explain')}</p>
      {seeds.isPending ? (
        <div aria-busy="true" aria-label={t('states.loading')}>
          <Skeleton line />
          <Skeleton line />
        </div>
      ) : seeds.isError || !active ? (
        <div className="state state--error" role="alert">
          <p>{t('states.error')}</p>
          <Button variant="ghost" onClick={() => void seeds.refetch()}>
            {t('buttons.retry')}
          </Button>
        </div>
      ) : (
        <>
          <dl className="play-seeds">
            <dt>{t('play.seeds.serverSeedHash')}</dt>
            <dd>
              <code data-testid="seeds-hash">{active.serverSeedHash}</code>
            </dd>
            <dt>{t('play.seeds.nonce')}</dt>
            <dd data-testid="seeds-nonce">{active.nonce}</dd>
          </dl>
          <form className="play-seeds__form" onSubmit={submit} noValidate>
            <label htmlFor={clientSeedId}>{t('play.seeds.clientSeed')}</label>
            <div className="play-seeds__row">
              <input
                id={clientSeedId}
                className="play-input"
                value={shownClientSeed}
                maxLength={64}
                spellCheck={false}
                autoComplete="off"
                aria-invalid={fieldError || undefined}
                aria-describedby={fieldError ? errorId : undefined}
                onChange={(event) => {
                  setClientSeed(event.target.value);
                  setFieldError(false);
                }}
              />
              <Button
                variant="ghost"

                onClick={() => setClientSeed(generateClientSeed(randomBytes))}
              >
                {t('play.seeds.random')}
              </Button>
            </div>
            {fieldError ? (
              <p id={errorId} className="play-field__error">
                {t('play.seeds.clientSeedInvalid')}
              </p>
            ) : null}
            <div className="play-seeds__actions">
              <Button variant="ghost" type="submit" disabled={save.isPending || !shownClientSeed}>
                {t('play.seeds.save')}
              </Button>
              <Button
                variant="primary"

                disabled={rotate.isPending}
                onClick={() => rotate.mutate()}
              >
                {t('play.seeds.rotate')}
              </Button>
            </div>
          </form>
          {previous ? (
            <RevealedSeed previous={previous} href={revealedLink(previous, session.game, lastRound)} />
          ) : null}
        </>
      )}
    </dialog>
  );
}

/** The verifier prefilled with the last round of the revealed pair, else its last nonce. */
function revealedLink(
  previous: RevealedPair,
  game: Parameters<typeof verifierSearch>[0]['game'],
  lastRound: ReturnType<typeof useFrame>['lastRound'],
): string {
  const form =
    lastRound && lastRound.seeds.serverSeedHash === previous.serverSeedHash
      ? roundVerifierForm(lastRound, previous.serverSeed)
      : {
          game,
          serverSeed: previous.serverSeed,
          clientSeed: previous.clientSeed,
          nonce: String(Math.max(previous.nonce - 1, 0)),
        };
  return `/fairness${verifierSearch(form)}`;
}

function RevealedSeed({ previous, href }: { previous: RevealedPair; href: string }) {
  const { t } = useTranslation('global-components');
  return (
    <section className="play-seeds__previous" aria-live="polite">
      <h3>{t('play.seeds.previous')}</h3>
      <p>{t('play.seeds.rotated')}</p>
      <dl className="play-seeds">
        <dt>{t('play.seeds.serverSeed')}</dt>
        <dd>
          <code data-testid="seeds-revealed">{previous.serverSeed}</code>
        </dd>
        <dt>{t('play.seeds.serverSeedHash')}</dt>
        <dd>
          <code>{previous.serverSeedHash}</code>
        </dd>
        <dt>{t('play.seeds.clientSeed')}</dt>
        <dd>
          <code>{previous.clientSeed}</code>
        </dd>
        <dt>{t('play.seeds.rounds')}</dt>
        <dd>{previous.nonce}</dd>
      </dl>
      <a
        className={buttonClassName({ variant: 'primary' })}
        href={href}
        target="_blank"
        rel="noopener"
        data-testid="seeds-verify"
      >
        {t('play.seeds.verify')}
      </a>
    </section>
  );
}
