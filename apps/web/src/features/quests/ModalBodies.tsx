import { QuestRewardType, QuestState, type Quest } from '@croupier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button';
import { useLocale } from '../../lib/app-settings';
import { realtimeKeys } from '../../lib/query-keys';
import { useModals, type ModalBodyProps } from '../modals';
import { useActiveAccount } from '../wallet';
import { useAvailableQuests, usePlayerQuests, useQuestAction } from './api';
import {
  formatRemaining,
  isSequential,
  isTaskLocked,
  QUEST_TABS,
  questProgress,
  remainingMs,
  sortedTasks,
  TAB_STATES,
  taskGames,
  taskPercent,
  type QuestTab,
  type QuestTask,
} from './logic';
import './quests.css';

/**
 * The quest modals' bodies (a lazy entry: app/modal-bodies.tsx). quests-hub lists the offer
 * and the player's active, completed and expired quests; quest-tasks shows a quest's tasks
 * with their progress (live: the socket patches the player-quests cache it reads), in order
 * for a sequential quest; quest-rewards its rewards; quest-task-games a task's games.
 */

function asQuest(value: unknown): Quest | undefined {
  return value && typeof value === 'object' && 'id' in value && 'tasks' in value ? (value as Quest) : undefined;
}

/** The quest as the player-quests cache has it now (task progress arrives over the socket). */
function useLiveQuest(initial: Quest | undefined): Quest | undefined {
  const queryClient = useQueryClient();
  const find = () => {
    if (!initial) return undefined;
    for (const [, cached] of queryClient.getQueriesData<{ data?: Quest[] }>({ queryKey: realtimeKeys.playerQuests })) {
      const found = cached?.data?.find((quest) => quest.id === initial.id);
      if (found) return found;
    }
    return initial;
  };
  const [quest, setQuest] = useState(find);
  useEffect(
    () => queryClient.getQueryCache().subscribe(() => setQuest(find())),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `find` reads the cache and the initial quest
    [queryClient, initial?.id],
  );
  return quest;
}

function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div
      className="quest-progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-label={label}
    >
      <span className="quest-progress__fill" style={{ width: `${value}%` }} />
    </div>
  );
}

function QuestCard({ quest, tab, now }: { quest: Quest; tab: QuestTab; now: number }) {
  const { t } = useTranslation('modals');
  const { open } = useModals();
  const action = useQuestAction();
  const { done, total } = questProgress(quest);
  const left = remainingMs(quest, now);
  return (
    <li className="quest-card" data-quest={quest.identity}>
      <div className="quest-card__head">
        <h3 className="quest-card__title">{quest.name}</h3>
        {left !== null && tab !== 'completed' && tab !== 'expired' ? (
          <span className="quest-card__time">{t('questsHub.timeLeft', { time: formatRemaining(left) })}</span>
        ) : null}
      </div>
      {quest.description ? <p className="quest-card__description">{quest.description}</p> : null}
      <p className="quest-card__meta">
        {t(isSequential(quest) ? 'questsHub.sequential' : 'questsHub.anyOrder')}
        {tab !== 'available' ? ` · ${t('questsHub.progressCount', { done, total })}` : null}
      </p>
      {tab !== 'available' ? (
        <ProgressBar value={total === 0 ? 0 : Math.floor((done / total) * 100)} label={quest.name} />
      ) : null}
      <div className="quest-card__actions">
        <Button onClick={() => open('quest-tasks', { props: { quest } })}>{t('questsHub.tasks')}</Button>
        <Button onClick={() => open('quest-rewards', { props: { quest } })}>{t('questsHub.rewards')}</Button>
        {tab === 'available' ? (
          <Button
            variant="primary"
            disabled={action.isPending}
            onClick={() => action.mutate({ kind: 'activate', questId: quest.id })}
          >
            {t('questsHub.start')}
          </Button>
        ) : null}
        {tab === 'active' && quest.state === QuestState.ACTIVE ? (
          <Button
            disabled={action.isPending}
            onClick={() => action.mutate({ kind: 'cancel', playerQuestId: quest.id })}
          >
            {t('questsHub.cancel')}
          </Button>
        ) : null}
      </div>
      {action.isError ? (
        <p className="quest-card__error" role="alert">
          {t('questsHub.failed')}
        </p>
      ) : null}
    </li>
  );
}

const EMPTY_KEYS: Record<QuestTab, string> = {
  available: 'questsHub.empty',
  active: 'questsHub.emptyActive',
  completed: 'questsHub.emptyCompleted',
  expired: 'questsHub.emptyExpired',
};

export function QuestsHubBody({ props }: ModalBodyProps) {
  const { t } = useTranslation('modals');
  const initialTab = QUEST_TABS.find((tab) => tab === props.tab) ?? 'active';
  const [tab, setTab] = useState<QuestTab>(initialTab);
  const [page, setPage] = useState(1);
  const currency = useActiveAccount()?.currency;
  const now = useNow();
  const available = useAvailableQuests(page, currency, tab === 'available');
  const mine = usePlayerQuests(
    tab === 'available' ? TAB_STATES.active : TAB_STATES[tab],
    page,
    currency,
    tab !== 'available',
  );
  const result = tab === 'available' ? available : mine;
  const quests = result.data?.data ?? [];
  const totalPages = result.data?.meta.totalPages ?? 1;

  return (
    <div className="quests-hub">
      <p className="modal__description">{t('questsHub.description')}</p>
      <div className="quests-hub__tabs" role="tablist">
        {QUEST_TABS.map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            aria-selected={tab === item}
            className={`quests-hub__tab${tab === item ? ' quests-hub__tab--active' : ''}`}
            onClick={() => {
              setTab(item);
              setPage(1);
            }}
          >
            {t(`questsHub.${item}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="quests-hub__panel" aria-busy={result.isPending}>
        {result.isError ? <p role="alert">{t('questsHub.failed')}</p> : null}
        {!result.isPending && !result.isError && quests.length === 0 ? (
          <p className="quests-hub__empty">{t(EMPTY_KEYS[tab])}</p>
        ) : null}
        <ul className="quests-hub__list">
          {quests.map((quest) => (
            <QuestCard key={quest.id} quest={quest} tab={tab} now={now} />
          ))}
        </ul>
        {totalPages > 1 ? (
          <div className="quests-hub__pager">
            <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('questsHub.previous')}
            </Button>
            <span>
              {page} / {totalPages}
            </span>
            <Button disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
              {t('questsHub.next')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function TaskRow({ quest, task, index }: { quest: Quest; task: QuestTask; index: number }) {
  const { t } = useTranslation('modals');
  const { open } = useModals();
  const locked = isTaskLocked(quest, task);
  const games = taskGames(task);
  const percent = taskPercent(task);
  return (
    <li
      className={`quest-task${task.isCompleted ? ' quest-task--done' : ''}${locked ? ' quest-task--locked' : ''}`}
      data-task-type={task.type}
    >
      <div className="quest-task__head">
        {isSequential(quest) ? (
          <span className="quest-task__step">{t('questTasks.step', { step: index + 1 })}</span>
        ) : null}
        <span className="quest-task__type">{t(`questTasks.types.${task.type}`, { defaultValue: '' })}</span>
      </div>
      <p className="quest-task__name">{task.name}</p>
      {task.description ? <p className="quest-task__description">{task.description}</p> : null}
      <ProgressBar value={percent} label={`${t('questTasks.progress')}: ${task.name}`} />
      <p className="quest-task__count">
        {task.isCompleted ? t('questTasks.completed') : `${task.progress} / ${task.quantity}`}
      </p>
      {locked ? <p className="quest-task__locked">{t('questTasks.locked')}</p> : null}
      {task.type === 3 || task.type === 4 ? (
        <Button onClick={() => open('quest-task-games', { props: { games, taskName: task.name } })}>
          {t('questTasks.showGames')}
        </Button>
      ) : null}
    </li>
  );
}

export function QuestTasksBody({ props, close }: ModalBodyProps) {
  const { t } = useTranslation('modals');
  const quest = useLiveQuest(asQuest(props.quest));
  useEffect(() => {
    if (!quest) close();
  }, [quest, close]);
  if (!quest) return null;
  return (
    <div className="quest-tasks">
      <p className="modal__description">{quest.name}</p>
      <p className="quest-card__meta">{t(isSequential(quest) ? 'questsHub.sequential' : 'questsHub.anyOrder')}</p>
      <ol className="quest-tasks__list">
        {sortedTasks(quest).map((task, index) => (
          <TaskRow key={task.id} quest={quest} task={task} index={index} />
        ))}
      </ol>
    </div>
  );
}

export function QuestRewardsBody({ props, close }: ModalBodyProps) {
  const { t } = useTranslation('modals');
  const quest = asQuest(props.quest);
  const rewards = quest?.rewards ?? [];
  return (
    <div className="quest-rewards">
      <p className="modal__description">{t('questRewards.description')}</p>
      {rewards.length === 0 ? <p>{t('questRewards.empty')}</p> : null}
      <ul className="quest-rewards__list">
        {rewards.map((reward, index) => (
          <li key={index} className="quest-rewards__item" data-reward-type={reward.type}>
            {t(`questRewards.types.${reward.type}`, {
              amount: reward.amount,
              currency: reward.type === QuestRewardType.BONUS ? reward.attributes.isoCode : '',
            })}
          </li>
        ))}
      </ul>
      <div className="modal__actions">
        <Button shape="dialog" variant="primary" onClick={() => close()}>
          {t('questRewards.close')}
        </Button>
      </div>
    </div>
  );
}

export function QuestTaskGamesBody({ props }: ModalBodyProps) {
  const { t } = useTranslation('modals');
  const { localePath } = useLocale();
  const { closeAll } = useModals();
  const games = Array.isArray(props.games) ? props.games.filter((g): g is string => typeof g === 'string') : [];
  return (
    <div className="quest-task-games">
      <p className="modal__description">{t('questTaskGames.description')}</p>
      {games.length === 0 ? <p>{t('questTaskGames.empty')}</p> : null}
      <ul className="quest-task-games__list">
        {games.map((game) => (
          <li key={game}>
            <Link to={localePath(`/games/${game}`)} onClick={() => closeAll()}>
              {game}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
