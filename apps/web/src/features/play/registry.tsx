import type { OriginalsGame } from '@croupier/contract';
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OneShotFrame } from './frame/OneShotFrame';
import type { OneShotGameModule } from './types';
import { Button } from '../../components/ui/Button';
import { Skeleton } from '../../components/ui/Skeleton';

type Loaded = { default: ComponentType };

/** A one-shot module in the frame, as a component of no props (each module has its own params type). */
const framed = <P,>(module: OneShotGameModule<P>): Loaded => ({ default: () => <OneShotFrame module={module} /> });

function isOneShotModule(value: unknown): value is OneShotGameModule<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.game === 'string' &&
    typeof candidate.Controls === 'function' &&
    typeof candidate.Board === 'function' &&
    typeof candidate.body === 'function'
  );
}

/**
 * Game modules found at build time (games/{name}/index.ts): a game whose module is missing
 * from the build shows the error state instead of breaking it.
 */
const moduleFiles = import.meta.glob<Record<string, unknown>>('./games/*/index.ts');

async function loadModule(name: string, exportName: string): Promise<Loaded> {
  const load = moduleFiles[`./games/${name}/index.ts`];
  if (!load) throw new Error(`game module ${name} is not built`);
  const module = (await load())[exportName];
  if (!isOneShotModule(module)) throw new Error(`games/${name} does not export ${exportName}`);
  return framed(module);
}

/** Game identity (the catalogue's, through the session's `game`) → its UI, loaded on demand. */
const games: Record<OriginalsGame, ComponentType> = {
  dice: lazy(() => loadModule('dice', 'diceModule')),
  limbo: lazy(() => loadModule('limbo', 'limboModule')),
  plinko: lazy(() => loadModule('plinko', 'plinkoModule')),
  roulette: lazy(() => loadModule('roulette', 'rouletteModule')),
  // The slot's catalogue identity is fruit-fiesta; its session says `slot`.
  slot: lazy(() => loadModule('slot', 'slotModule')),
  mines: lazy(() => import('./mines/MinesGame').then((m) => ({ default: m.MinesGame }))),
};

export function GameArea({ game }: { game: OriginalsGame }) {
  const Game = games[game];
  return (
    <GameErrorBoundary>
      <Suspense fallback={<StageSkeleton />}>
        <Game />
      </Suspense>
    </GameErrorBoundary>
  );
}

function StageSkeleton() {
  const { t } = useTranslation('global-components');
  return (
    <div className="play__main" aria-busy="true" aria-label={t('states.loading')}>
      <div className="play__stage">
        <Skeleton className="play__skeleton-board" />
      </div>
      <div className="play__panel">
        <Skeleton className="play__skeleton-field" />
        <Skeleton className="play__skeleton-button" />
      </div>
    </div>
  );
}

function GameUnavailable() {
  const { t } = useTranslation('global-components');
  return (
    <main className="play__main play__main--state">
      <div className="state state--error" role="alert">
        <p>{t('play.errors.unavailable')}</p>
        <Button variant="ghost" onClick={() => location.reload()}>
          {t('buttons.retry')}
        </Button>
      </div>
    </main>
  );
}

/** A game that fails to load or render shows an error state; the frame around it stays. */
class GameErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <GameUnavailable /> : this.props.children;
  }
}
