import { BonusesPage } from '../../features/bonuses/BonusesPage';
import { useAccounts, useActiveAccount } from '../../features/wallet';

/**
 * `/profile/bonuses`: the bonuses of the active account. Composed here, so that the bonuses
 * feature needs no wallet import (the wallet's deposit form uses the bonuses feature).
 */
export function ProfileBonusesPage() {
  const accounts = useAccounts();
  const account = useActiveAccount();
  return <BonusesPage account={account} accountsPending={accounts.isPending} />;
}
