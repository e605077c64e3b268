import type { GameWalletStatus } from '@croupier/contract';
import { createProviderClient, type WalletCall } from '../game-wallet';

/** The provider identity the in-house games call the wallet as. */
export const REMOTE_WALLET_PROVIDER = 'croupier';

/** What the wallet answered; undefined when no answer came (network, timeout, 5xx, a body that is no answer). */
export type RemoteAnswer = { status: GameWalletStatus; balanceMinor: bigint } | undefined;

export interface MoneyCall {
  transactionId: string;
  roundId: string;
  currency: string;
  amountMinor: bigint;
}

/**
 * The game wallet as the in-house games see it when they run apart from it: the same
 * seamless-wallet callbacks a third-party provider calls. Every call is idempotent on its
 * transaction id, so a call without an answer can be sent again.
 */
export interface RemoteWallet {
  bet(token: string, call: MoneyCall): Promise<RemoteAnswer>;
  win(token: string, call: MoneyCall): Promise<RemoteAnswer>;
  rollback(
    token: string,
    call: { transactionId: string; referenceTransactionId: string; roundId: string },
  ): Promise<RemoteAnswer>;
}

/** Signed HTTP calls to `{url}/api/game-wallet/croupier/{call}` (HMAC-SHA256 of the body). */
export function createSignedHttpWallet(options: { url: string; secret: string; timeoutMs: number }): RemoteWallet {
  const client = createProviderClient(
    options.url,
    { id: REMOTE_WALLET_PROVIDER, secret: options.secret },
    options.timeoutMs,
  );

  async function send(call: WalletCall, body: Record<string, unknown>): Promise<RemoteAnswer> {
    try {
      const result = await client.call(call, body);
      if (result.httpStatus !== 200 || !result.answer) return undefined;
      // What the session can stake: real and bonus money (see rounds.ts, stakeable).
      return {
        status: result.answer.status,
        balanceMinor: BigInt(result.answer.balance) + BigInt(result.answer.bonusBalance),
      };
    } catch {
      // Refused connection, reset, timeout: the call may or may not have been applied.
      return undefined;
    }
  }

  const money = (token: string, call: MoneyCall) => ({
    token,
    transactionId: call.transactionId,
    roundId: call.roundId,
    currency: call.currency,
    amount: Number(call.amountMinor),
  });

  return {
    bet: (token, call) => send('bet', money(token, call)),
    win: (token, call) => send('win', money(token, call)),
    rollback: (token, call) => send('rollback', { token, ...call }),
  };
}
