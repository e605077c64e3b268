import { z } from 'zod';

/**
 * Wallet accounts. One account per player and currency; exactly one
 * is active (status 1). Amounts are major-unit numbers of the account's currency.
 */
export const walletAccountSchema = z.object({
  id: z.string(),
  currency: z.string(),
  /** 1 active (exactly one per player), 2 inactive (AccountStatus). */
  status: z.number().int(),
  /** Everything the player holds: real + locked + bonus. */
  balance: z.number(),
  /** Real money available now. The "real" balance a client shows is realBalance + lockedBalance. */
  realBalance: z.number(),
  bonusBalance: z.number(),
  /** Real money held back (a pending withdrawal, a bonus lock). */
  lockedBalance: z.number(),
  /** The part of realBalance that may be withdrawn now; a withdrawal cannot exceed it. */
  withdrawalBalance: z.number(),
});
export type WalletAccount = z.infer<typeof walletAccountSchema>;

/** `POST /api/wallet/accounts`: opens (or shows again) the account of a currency. */
export const createWalletAccountBodySchema = z.object({
  currency: z
    .string({ error: 'Choose a currency.' })
    .trim()
    .regex(/^[A-Za-z0-9]{2,10}$/, { error: 'This currency is not available.' })
    .transform((code) => code.toUpperCase()),
});
export type CreateWalletAccountBody = z.infer<typeof createWalletAccountBodySchema>;

/** `{accountId}` of the switch and hide calls. Any string: an id that is not the player's is a 404. */
export const walletAccountParamsSchema = z.object({ accountId: z.string().min(1).max(100) });
