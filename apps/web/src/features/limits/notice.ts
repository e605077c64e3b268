import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { limitsKeys, useLimits } from './api';
import { useNow } from './now';
import { walletLimitNotice, type WalletLimitNotice } from './logic';

/**
 * The limit card the wallet's deposit screen shows (see `walletLimitNotice`) for the
 * active currency. A 13100 answer of the deposit methods (`methodsRefused`) also reloads
 * the limits, so that the card can say which limit and until when.
 */
export function useWalletLimitNotice(currency: string | undefined, methodsRefused: boolean): WalletLimitNotice | null {
  const limits = useLimits();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (methodsRefused) void queryClient.invalidateQueries({ queryKey: limitsKeys.list });
  }, [methodsRefused, queryClient]);
  const now = useNow();
  return walletLimitNotice(limits.data, currency, methodsRefused, now);
}
