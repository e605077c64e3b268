import { AccountStatus, toMajorAmount, type WalletAccount } from '@croupier/contract';

/** A player's account as the wallet reads it: balances in minor units and its currency's precision. */
export interface PlayerAccountView {
  id: string;
  playerId: string;
  currency: string;
  subunitToUnit: bigint;
  balanceMinor: bigint;
  bonusBalanceMinor: bigint;
  lockedBalanceMinor: bigint;
  /** Part of the real balance that may not be withdrawn yet. */
  restrictedMinor: bigint;
  isHidden: boolean;
  /**
   * The account has a bet or loss limit (docs/player-protection.md, "Limits on the bet path"):
   * read under the account's lock with the balances, so a game round knows whether to count it.
   */
  limitsApply: boolean;
  isActive: boolean;
  createdAt: Date;
}

/** The part of the real balance that may be withdrawn now. */
export function withdrawalBalanceMinor(account: PlayerAccountView): bigint {
  const free = account.balanceMinor - account.restrictedMinor;
  return free > 0n ? free : 0n;
}

/** Everything the player holds in the account. */
export function totalBalanceMinor(account: PlayerAccountView): bigint {
  return account.balanceMinor + account.lockedBalanceMinor + account.bonusBalanceMinor;
}

/** The API's Account, amounts in major units. */
export function toWalletAccount(account: PlayerAccountView): WalletAccount {
  const currency = { subunitToUnit: account.subunitToUnit };
  return {
    id: account.id,
    currency: account.currency,
    status: account.isActive ? AccountStatus.ACTIVE : AccountStatus.INACTIVE,
    balance: toMajorAmount(totalBalanceMinor(account), currency),
    realBalance: toMajorAmount(account.balanceMinor, currency),
    bonusBalance: toMajorAmount(account.bonusBalanceMinor, currency),
    lockedBalance: toMajorAmount(account.lockedBalanceMinor, currency),
    withdrawalBalance: toMajorAmount(withdrawalBalanceMinor(account), currency),
  };
}
