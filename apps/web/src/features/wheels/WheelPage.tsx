import { generateClientSeed } from '@croupier/games';
import type { Wheel, WheelPlayerSpin, WheelSpinResult } from '@croupier/contract';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { PageHeader } from '../../components/ui/PageHeader';
import { TextSkeleton } from '../../components/ui/Skeleton';
import { TextField } from '../../components/ui/TextField';
import { isApiError } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { useSession } from '../auth';
import { useOpenModal } from '../modals';
import { useSpin, useWheels } from './api';
import { countdownParts, landingRotation, sectorAngles, verifyDraw, wedgePath, type DrawCheck } from './logic';
import './wheels.css';

const SPIN_MS = 4500;
const RADIUS = 100;

const newClientSeed = () => generateClientSeed((n) => crypto.getRandomValues(new Uint8Array(n)));

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The current time, ticking every second while mounted. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function useCountdown() {
  const { t } = useTranslation('layout');
  const now = useNow();
  return useCallback(
    (at: string) => {
      const parts = countdownParts(at, now);
      const pad = (value: number) => String(value).padStart(2, '0');
      return parts.days > 0
        ? t('pages.wheel.countdownDays', { days: parts.days, hours: parts.hours, minutes: pad(parts.minutes) })
        : t('pages.wheel.countdownHours', {
            hours: parts.hours,
            minutes: pad(parts.minutes),
            seconds: pad(parts.seconds),
          });
    },
    [now, t],
  );
}

/** The wheel drawn as SVG; the rotor turns (CSS transition) to put the drawn sector under the pointer. */
function WheelGraphic({ wheel, rotation, label }: { wheel: Wheel; rotation: number; label: string }) {
  const count = wheel.items.length;
  return (
    <svg className="prize-wheel" viewBox="-110 -110 220 220" role="img" aria-label={label}>
      <g className="prize-wheel__rotor" style={{ transform: `rotate(${rotation}deg)` }} data-rotation={rotation}>
        {wheel.items.map((item, index) => {
          const { start, end, center } = sectorAngles(count, index);
          return (
            <g key={item.id}>
              <path d={wedgePath(RADIUS, start, end)} className={`prize-wheel__sector is-${index % 4}`} />
              <text
                className="prize-wheel__label"
                transform={`rotate(${center}) translate(0 ${-RADIUS * 0.62}) rotate(-90)`}
                textAnchor="middle"
                dominantBaseline="central"
              >
                {item.title.length > 16 ? `${item.title.slice(0, 15)}…` : item.title}
              </text>
            </g>
          );
        })}
        <circle r={14} className="prize-wheel__hub" />
      </g>
      <path d="M -8 -108 L 8 -108 L 0 -90 Z" className="prize-wheel__pointer" />
    </svg>
  );
}

function SpinsList({ spins, countdown }: { spins: WheelPlayerSpin[]; countdown: (at: string) => string }) {
  const { t } = useTranslation('layout');
  return (
    <ul className="prize-wheel-spins" data-testid="wheel-spins">
      {spins.map((spin) => (
        <li key={spin.id}>
          {spin.expireAt ? (
            <time dateTime={spin.expireAt}>{t('pages.wheel.expiresIn', { time: countdown(spin.expireAt) })}</time>
          ) : (
            t('pages.wheel.neverExpires')
          )}
        </li>
      ))}
    </ul>
  );
}

/** The verification of the last spin: the commitment shown before, the revealed seed, a check in the browser. */
function Verification({ result, commitment, wheel }: { result: WheelSpinResult; commitment: string; wheel: Wheel }) {
  const { t } = useTranslation('layout');
  const [check, setCheck] = useState<DrawCheck | undefined>(undefined);
  const { draw } = result;
  const rows: [string, string | number][] = [
    ['pages.wheel.serverSeedHash', commitment],
    ['pages.wheel.serverSeed', draw.serverSeed],
    ['pages.wheel.clientSeed', draw.clientSeed],
    ['pages.wheel.nonce', draw.nonce],
    ['pages.wheel.sectorIndex', draw.sectorIndex],
  ];
  return (
    <section className="prize-wheel-verify" aria-labelledby="wheel-verify-title" data-testid="wheel-verification">
      <h2 id="wheel-verify-title">{t('pages.wheel.fairness')}</h2>
      <dl>
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt>{t(key)}</dt>
            <dd className="prize-wheel-verify__value">{value}</dd>
          </div>
        ))}
      </dl>
      <Button onClick={() => setCheck(verifyDraw(draw, commitment))} data-testid="wheel-verify">
        {t('pages.wheel.verify')}
      </Button>
      {check ? (
        <p
          role="status"
          className={check.ok ? 'prize-wheel-verify__ok' : 'prize-wheel-verify__bad'}
          data-testid="wheel-verified"
        >
          {check.ok
            ? t('pages.wheel.verified', { index: check.index, title: wheel.items[check.index]?.title ?? '' })
            : t('pages.wheel.mismatch')}
        </p>
      ) : null}
    </section>
  );
}

function WheelView({ wheel, signedIn }: { wheel: Wheel; signedIn: boolean }) {
  const { t, i18n } = useTranslation('layout');
  const openModal = useOpenModal();
  const countdown = useCountdown();
  const seedId = useId();
  const spin = useSpin(wheel.id);
  const [rotation, setRotation] = useState(0);
  const [clientSeed, setClientSeed] = useState(newClientSeed);
  const [spinning, setSpinning] = useState(false);
  const [shown, setShown] = useState<{ result: WheelSpinResult; commitment: string } | undefined>(undefined);
  const [failure, setFailure] = useState<'expired' | 'error' | undefined>(undefined);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const next = wheel.playerSpins[0];
  const active = wheel.state === 3;

  const onSpin = () => {
    if (!next || spinning) return;
    const commitment = next.serverSeedHash;
    setFailure(undefined);
    setShown(undefined);
    setSpinning(true);
    spin.mutate(clientSeed, {
      onSuccess: (result) => {
        setRotation((current) => landingRotation(current, wheel.items.length, result.draw.sectorIndex));
        timer.current = window.setTimeout(
          () => {
            setSpinning(false);
            setShown({ result, commitment });
            setClientSeed(newClientSeed());
          },
          prefersReducedMotion() ? 0 : SPIN_MS,
        );
      },
      onError: (error) => {
        setSpinning(false);
        setFailure(isApiError(error, 'WHEEL_SPINS_EXPIRED') ? 'expired' : 'error');
      },
    });
  };

  const outcome = shown?.result;
  return (
    <div className="prize-wheel-page">
      <div className="prize-wheel-stage">
        <WheelGraphic wheel={wheel} rotation={rotation} label={wheel.title} />
        <div className="prize-wheel-panel">
          {!active ? (
            <p className="prize-wheel-panel__status">{t('pages.wheel.startsIn', { time: countdown(wheel.startAt) })}</p>
          ) : null}
          {!signedIn ? (
            <Button variant="primary" shape="pill" size="large" onClick={() => openModal('sign-in')}>
              {t('pages.wheel.signIn')}
            </Button>
          ) : (
            <>
              {wheel.limitRefreshAt ? (
                <p className="prize-wheel-panel__status" data-testid="wheel-limit">
                  {t('pages.wheel.limitRefresh', { time: countdown(wheel.limitRefreshAt) })}
                </p>
              ) : (
                <p className="prize-wheel-panel__status" data-testid="wheel-spin-count">
                  {wheel.playerSpins.length > 0
                    ? t('pages.wheel.spinsLeft', { count: wheel.playerSpins.length })
                    : t('pages.wheel.noSpins')}
                </p>
              )}
              <SpinsList spins={wheel.playerSpins} countdown={countdown} />
              <Button
                variant="primary"
                shape="pill"
                size="large"
                onClick={onSpin}
                disabled={!active || !next || spinning}
                aria-busy={spinning}
                data-testid="wheel-spin"
              >
                {spinning ? t('pages.wheel.spinning') : t('pages.wheel.spin')}
              </Button>
              {next ? (
                <div className="prize-wheel-seeds">
                  <TextField
                    id={seedId}
                    label={t('pages.wheel.clientSeed')}
                    hint={t('pages.wheel.clientSeedHint')}
                    value={clientSeed}
                    maxLength={64}
                    onChange={(event) => setClientSeed(event.target.value.replace(/[^\x21-\x7e]/g, ''))}
                    disabled={spinning}
                  />
                  <p className="prize-wheel-seeds__hash">
                    <span>{t('pages.wheel.nextHash')}</span>
                    <code data-testid="wheel-next-hash">{next.serverSeedHash}</code>
                  </p>
                </div>
              ) : null}
            </>
          )}
          <p role="status" aria-live="polite" className="prize-wheel-panel__result" data-testid="wheel-result">
            {outcome
              ? outcome.draw.prize === 'none'
                ? t('pages.wheel.noPrize', { title: outcome.title })
                : t('pages.wheel.won', { title: outcome.title })
              : failure
                ? t(`pages.wheel.${failure}`)
                : ''}
          </p>
          {outcome?.draw.prize === 'unavailable' ? <p>{t('pages.wheel.prizeUnavailable')}</p> : null}
        </div>
      </div>
      {shown ? <Verification result={shown.result} commitment={shown.commitment} wheel={wheel} /> : null}
      <section aria-labelledby="wheel-sectors-title" className="prize-wheel-sectors">
        <h2 id="wheel-sectors-title">{t('pages.wheel.sectors')}</h2>
        <ul>
          {wheel.items.map((item) => (
            <li key={item.id}>
              <span>{item.title}</span>
              <span>
                {t('pages.wheel.chance', { rate: formatNumber(item.dropRate ?? 0, i18n.language, { maxDecimals: 2 }) })}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** `/wheel`: the prize wheel (docs/wheels.md) with the player's spins, an animated spin and its verification. */
export function WheelPage() {
  const { t } = useTranslation('layout');
  const { isLoggedIn } = useSession();
  const query = useWheels(isLoggedIn);
  const wheel = useMemo(() => query.data?.data[0], [query.data]);
  return (
    <div className="prize-wheels">
      <PageHeader title={wheel?.title ?? t('pages.wheel.title')} description={t('pages.wheel.description')} />
      {query.isPending ? (
        <TextSkeleton lines={4} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : wheel ? (
        <WheelView wheel={wheel} signedIn={isLoggedIn} />
      ) : (
        <EmptyState as="p" text={t('pages.wheel.empty')} />
      )}
    </div>
  );
}
