import { z } from 'zod';
import { dataEnvelope, pagedEnvelope } from '../common/envelope';
import { defineEndpoint } from '../common/endpoint';
import { pageQuerySchema } from '../common/query';
import { sessionSchema } from '../auth/responses';
import { documentFileSchema } from '../documents/schemas';
import { limitSchema } from '../limits/schemas';
import { messengerMessageSchema } from '../realtime/entities';
import { invoiceSchema } from '../payments/schemas';
import { playerBonusSchema } from '../bonuses/schemas';
import { spinSchema } from '../games/originals';
import { walletAccountSchema } from '../wallet/schemas';
import { profileSchema } from './model';

/** Why a player closes the account; `gambling` also points them to self-exclusion. */
export const ACCOUNT_CLOSURE_REASONS = ['not_interested', 'gambling', 'other_site', 'unhappy', 'other'] as const;
export type AccountClosureReason = (typeof ACCOUNT_CLOSURE_REASONS)[number];

/** The longest free-text comment a closure request keeps. */
export const ACCOUNT_CLOSURE_COMMENT_MAX = 500;

/** `POST /api/player/profile/closure`: the current password re-authenticates the player. */
export const accountClosureBodySchema = z.object({
  password: z.string().min(1).max(128),
  reason: z.enum(ACCOUNT_CLOSURE_REASONS),
  comment: z.string().trim().max(ACCOUNT_CLOSURE_COMMENT_MAX).optional(),
});
export type AccountClosureBody = z.infer<typeof accountClosureBodySchema>;

/** A balance the account held when it was closed (major units): the operator pays it out. */
export const closureBalanceSchema = z.object({
  currency: z.string(),
  /** Real money available. */
  realBalance: z.number(),
  /** Real money held back (a pending withdrawal, which settles as it would have). */
  lockedBalance: z.number(),
  /** Bonus money, forfeited at closure. */
  bonusBalance: z.number(),
});
export type ClosureBalance = z.infer<typeof closureBalanceSchema>;

export const accountClosureSchema = z.object({
  id: z.string(),
  playerId: z.string(),
  reason: z.enum(ACCOUNT_CLOSURE_REASONS),
  comment: z.string().nullable(),
  balances: z.array(closureBalanceSchema),
  createdAt: z.string(),
});
export type AccountClosure = z.infer<typeof accountClosureSchema>;

/** The operator's view adds how to reach the player for the payout. */
export const adminAccountClosureSchema = accountClosureSchema.extend({
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type AdminAccountClosure = z.infer<typeof adminAccountClosureSchema>;

/** Casino rounds per currency (major units): the summary of the export's rounds. */
export const roundsSummarySchema = z.object({
  currency: z.string(),
  rounds: z.number().int(),
  staked: z.number(),
  won: z.number(),
});

/**
 * `GET /api/player/profile/export`: everything the site keeps of the player that the
 * player may see, as one JSON document. Lists stop at `EXPORT_LIST_MAX` items (newest
 * first); `truncated` names the lists that had more.
 */
export const playerDataExportSchema = z.object({
  exportedAt: z.string(),
  profile: profileSchema,
  accounts: z.array(walletAccountSchema),
  sessions: z.array(sessionSchema),
  invoices: z.array(invoiceSchema),
  bonuses: z.array(playerBonusSchema),
  rounds: z.array(spinSchema),
  /** The documents sent for identity checks: what is kept of them, never their bytes. */
  documents: z.array(documentFileSchema),
  /** The responsible-gaming limits in force or pending, with what the running periods used. */
  limits: z.array(limitSchema),
  /** The messenger's messages, newest first. */
  messages: z.array(messengerMessageSchema),
  roundsSummary: z.array(roundsSummarySchema),
  truncated: z.array(z.string()),
});
export type PlayerDataExport = z.infer<typeof playerDataExportSchema>;
export const EXPORT_LIST_MAX = 5000;

export const accountControlEndpoints = {
  closeAccount: defineEndpoint({
    method: 'POST',
    path: '/api/player/profile/closure',
    access: 'player',
    body: accountClosureBodySchema,
    response: dataEnvelope(accountClosureSchema),
  }),
  /** A download (`content-disposition: attachment`); the web saves the JSON as a file. */
  exportData: defineEndpoint({
    method: 'GET',
    path: '/api/player/profile/export',
    access: 'player',
    response: dataEnvelope(playerDataExportSchema),
  }),
};

/** The operator's list of closure requests (`X-Admin-Key`), newest first. */
export const accountClosureAdminEndpoints = {
  listClosures: defineEndpoint({
    method: 'GET',
    path: '/api/admin/account-closures',
    access: 'operator',
    query: pageQuerySchema,
    response: pagedEnvelope(adminAccountClosureSchema),
  }),
};
