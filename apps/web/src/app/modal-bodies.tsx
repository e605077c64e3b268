import { lazy } from 'react';
import { withLoadingTitle } from '../features/auth/LazyModalBody';
import type { ModalBodies, ModalBodyProps } from '../features/modals';

/**
 * Bodies of the modals whose features exist; every other modal shows its generic body
 * (title, description and buttons from content). Loaded on first open.
 */
const CategoriesBody = lazy(async () => {
  const { CategoriesModalBody } = await import('../features/games/ModalBodies');
  return { default: ({ close }: ModalBodyProps) => <CategoriesModalBody close={() => void close()} /> };
});

const ProvidersBody = lazy(async () => {
  const { ProvidersModalBody } = await import('../features/games/ModalBodies');
  return { default: ({ close }: ModalBodyProps) => <ProvidersModalBody close={() => void close()} /> };
});

// Accounts: one chunk for the four guest modals (features/auth/ModalBodies). Sign-in and
// sign-up render their own heading, so it shows while their chunk loads.
const loadAuth = () => import('../features/auth/ModalBodies');
const SignInBody = withLoadingTitle(
  lazy(async () => ({ default: (await loadAuth()).SignInModalBody })),
  'signIn.title',
);
const SignUpBody = withLoadingTitle(
  lazy(async () => ({ default: (await loadAuth()).SignUpModalBody })),
  'signUp.title',
);
const ForgotPassBody = lazy(async () => ({ default: (await loadAuth()).ForgotPassModalBody }));
const ResetPassBody = lazy(async () => ({ default: (await loadAuth()).ResetPassModalBody }));

// Wallet: the wallet, equivalent-currency and wallet-region modals share one chunk.
const loadWallet = () => import('../features/wallet/ModalBodies');
const WalletBody = withLoadingTitle(
  lazy(async () => ({ default: (await loadWallet()).WalletModalBody })),
  'wallet.title',
);
const EquivalentCurrencyBody = lazy(async () => ({ default: (await loadWallet()).EquivalentCurrencyBody }));
const WalletRegionBody = lazy(async () => ({ default: (await loadWallet()).WalletRegionBody }));

// Bonuses: details, the confirmation screens and the lock notice share one chunk.
const loadBonuses = () => import('../features/bonuses/ModalBodies');
const BonusDetailsBody = lazy(async () => ({ default: (await loadBonuses()).BonusDetailsBody }));
const BonusConfirmBody = lazy(async () => ({ default: (await loadBonuses()).BonusConfirmBody }));
const FreespinCancelBody = lazy(async () => ({ default: (await loadBonuses()).FreespinCancelBody }));
const BonusCancelLockBody = lazy(async () => ({ default: (await loadBonuses()).BonusCancelLockBody }));

// Limits: the cash-limit, cooling-off and self-exclusion modals share one chunk.
const loadLimits = () => import('../features/limits/ModalBodies');
const AddCashLimitBody = lazy(async () => ({ default: (await loadLimits()).AddCashLimitBody }));
const EditCashLimitBody = lazy(async () => ({ default: (await loadLimits()).EditCashLimitBody }));
const CoolingOffBody = lazy(async () => ({ default: (await loadLimits()).CoolingOffBody }));
const SelfExclusionBody = lazy(async () => ({ default: (await loadLimits()).SelfExclusionBody }));

// Quests: the hub, tasks, rewards and task-games modals share one chunk.
const loadQuests = () => import('../features/quests/ModalBodies');
const QuestsHubBody = lazy(async () => ({ default: (await loadQuests()).QuestsHubBody }));
const QuestTasksBody = lazy(async () => ({ default: (await loadQuests()).QuestTasksBody }));
const QuestRewardsBody = lazy(async () => ({ default: (await loadQuests()).QuestRewardsBody }));
const QuestTaskGamesBody = lazy(async () => ({ default: (await loadQuests()).QuestTaskGamesBody }));

export const MODAL_BODIES: ModalBodies = {
  categories: CategoriesBody,
  providers: ProvidersBody,
  'sign-in': SignInBody,
  'sign-up': SignUpBody,
  'forgot-pass': ForgotPassBody,
  'reset-pass': ResetPassBody,
  wallet: WalletBody,
  'equivalent-currency': EquivalentCurrencyBody,
  'wallet-region': WalletRegionBody,
  'bonus-details': BonusDetailsBody,
  'change-active-bonus': BonusConfirmBody,
  'cancel-active-bonus': BonusConfirmBody,
  'cancel-issued-bonus': BonusConfirmBody,
  'cancel-unsettled-bonus': BonusConfirmBody,
  'cancel-freespins': FreespinCancelBody,
  'bonus-cancel-lock': BonusCancelLockBody,
  'add-cash-limit': AddCashLimitBody,
  'edit-cash-limit': EditCashLimitBody,
  'cooling-off-limit': CoolingOffBody,
  'self-exclusion-limit': SelfExclusionBody,
  'quests-hub': QuestsHubBody,
  'quest-tasks': QuestTasksBody,
  'quest-rewards': QuestRewardsBody,
  'quest-task-games': QuestTaskGamesBody,
};
