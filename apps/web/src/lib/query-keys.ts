/**
 * The React Query keys that realtime events update, in one place: the features that fetch
 * these resources use the same keys (importing them from here), so that an event reaches
 * whatever screen shows the data. A key names the REST path it caches, as the other
 * features' keys do; list keys are prefixes, under which a feature adds its filters or
 * page (`[...realtimeKeys.playerBonuses, { status, currency }]`).
 *
 * | key | cached data (REST) | updated by |
 * | --- | --- | --- |
 * | walletAccounts | `WalletAccount[]` (GET /api/wallet/accounts) | `account.balance.updated` replaces the account; an unknown account refetches the list; mobile tab back to visible refetches |
 * | invoices (prefix) | invoice lists (GET /api/payment/invoices) | every invoice event refetches them |
 * | invoiceStatistics | GET /api/payment/invoices/statistics | a successful deposit refetches it |
 * | invoiceUpdate(id) | the newest `InvoiceUpdate` of one invoice, never fetched | every invoice event sets it (an async deposit waits on it) |
 * | playerBonuses (prefix) | `PlayerBonus[]` lists (GET /api/game/player-bonuses) | issued or active: refetch, debounced 500 ms; other statuses remove the item; a deposit refetches |
 * | playerFreespins (prefix) | `PlayerFreespin[]` lists (GET /api/game/player-freespins) | as bonuses |
 * | depositBonuses (prefix) | deposit bonuses on offer (GET /api/game/bonuses) | a successful deposit refetches them |
 * | bonusCodes (prefix) | the player's bonus codes (GET /api/game/bonuses/bonuscodes) | `player.bonus.code.updated` refetches |
 * | quests (prefix) | quests on offer (GET /api/retention/quests) | `quest.updated` refetches |
 * | playerQuests (prefix) | `Quest[]` lists (GET /api/retention/player-quests) | `quest.updated` refetches; `quest.task.updated` updates the task in place |
 * | loyaltyAccount | `LoyaltyAccount` (GET /api/retention/account) | both loyalty events replace it |
 * | messages (prefix) | `{ data: Message[], meta: { page, totalUnread } }` pages (GET /api/notification/messenger/messages) | `message.received` prepends to page 1 and adds one to `totalUnread` |
 * | tournaments (prefix) | tournament lists and details (GET /api/retention/tournaments…) | `tournament.completed` refetches |
 * | wheels (prefix) | wheel lists (GET /api/retention/wheels) | `wheel.spin.issued` refetches |
 * | documents | `DocumentFile[]` (GET /api/player/documents) | `player.document.updated` refetches |
 * | sportsbookTickets (prefix) | the sportsbook's ticket lists (GET /api/sportsbook/tickets) and the bet history (GET /api/game/bets) | `sportsbook.ticket.updated` refetches |
 * | verification | `Verification` (GET /api/player/verification) | `player.verification.updated` refetches it and the profile |
 */
export const realtimeKeys = {
  walletAccounts: ['wallet', 'accounts'] as const,
  invoices: ['payment', 'invoices'] as const,
  invoiceStatistics: ['payment', 'invoice-statistics'] as const,
  invoiceUpdate: (invoiceId: string) => ['payment', 'invoice-updates', invoiceId] as const,
  playerBonuses: ['game', 'player-bonuses'] as const,
  playerFreespins: ['game', 'player-freespins'] as const,
  depositBonuses: ['game', 'bonuses'] as const,
  bonusCodes: ['game', 'bonus-codes'] as const,
  quests: ['retention', 'quests'] as const,
  playerQuests: ['retention', 'player-quests'] as const,
  loyaltyAccount: ['retention', 'account'] as const,
  messages: ['notification', 'messages'] as const,
  tournaments: ['retention', 'tournaments'] as const,
  wheels: ['retention', 'wheels'] as const,
  verification: ['player', 'verification'] as const,
  documents: ['player', 'documents'] as const,
  sportsbookTickets: ['sportsbook', 'tickets'] as const,
};
