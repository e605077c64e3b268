import { AppError } from '../../lib/errors';
import type { WalletRefusal } from './service';

/**
 * A wallet refusal as the player's API error, for games and sportsbooks that call the
 * wallet in process. `stakeField` names the stake in a validation error.
 */
export function walletRefusalError(refusal: WalletRefusal, stakeField = 'amount'): AppError {
  // A rule that named the player's error (a loss limit, a reality check) is answered with it.
  if (refusal.errorName) return new AppError(refusal.errorName);
  switch (refusal.status) {
    case 'NOT_ENOUGH_MONEY':
      return new AppError('INSUFFICIENT_FUNDS');
    case 'TOKEN_EXPIRED':
    case 'INVALID_TOKEN':
      return new AppError('UNAUTHENTICATED', 'The game session has ended. Open the game again.');
    case 'USER_DISABLED':
      return new AppError('GAME_PLAYER_LIMITED');
    case 'BET_OUT_OF_LIMITS':
      return AppError.validation({ [stakeField]: ['The stake is outside the limits of this game.'] });
    // From a wallet run apart (statuses only): a reality check is due, or a limit is reached.
    case 'REALITY_CHECK':
      return new AppError('GAME_REALITY_CHECK');
    case 'LIMIT_REACHED':
      return new AppError('GAME_LIMIT_BET');
    default:
      return new AppError('GAME_BETS_RESTRICTED');
  }
}
