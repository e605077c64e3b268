import { channels, Platform, type WinnersPlatform } from '@croupier/contract';

/**
 * Pure rules of the winners feed: who is named, which channels a winner goes to, and
 * which winner each channel gets when several arrive within one throttle window.
 */

/** The country the reference client falls back to when it knows neither the profile's nor the visitor's. */
export const FALLBACK_WINNERS_COUNTRY = 'UA';

/**
 * The name shown next to a win: the player's nickname, unless it gives the e-mail address
 * away (registration derives a default nickname from the e-mail's local part, and a
 * nickname may be an address). Null is shown as "Unknown".
 */
export function publicNickname(nickname: string | null, email: string | null): string | null {
  const name = nickname?.trim();
  if (!name || name.includes('@')) return null;
  const local = email ? email.slice(0, email.indexOf('@')).trim().toLowerCase() : '';
  if (local !== '' && name.toLowerCase() === local) return null;
  return name;
}

export type WinnersChannel = ReturnType<typeof channels.gameWinners>;

const PLATFORM_NAMES: readonly (readonly [number, WinnersPlatform])[] = [
  [Platform.MOBILE, 'mobile'],
  [Platform.DESKTOP, 'desktop'],
];

/**
 * The winners channels whose audience may play the game: a channel's platform and country
 * are the subscriber's (`game:winners:{mobile|desktop}:{countryCode}`), so a win goes to
 * the platforms the game is offered on and to the countries where it is not restricted.
 */
export function winnerChannels(
  game: { platforms: readonly number[]; restrictedCountries: readonly string[] },
  countries: readonly string[],
): WinnersChannel[] {
  const restricted = new Set(game.restrictedCountries);
  const result: WinnersChannel[] = [];
  for (const [id, platform] of PLATFORM_NAMES) {
    if (!game.platforms.includes(id)) continue;
    for (const country of countries) if (!restricted.has(country)) result.push(channels.gameWinners(platform, country));
  }
  return result;
}

/**
 * One publication per channel for a batch of winners: each channel gets the newest winner
 * meant for it; older ones are dropped there (the feed shows the latest anyway).
 */
export function newestPerChannel<C extends string, T extends { createdAt: number }>(
  batch: readonly { winner: T; channels: readonly C[] }[],
): Map<C, T> {
  const sorted = [...batch].sort((a, b) => b.winner.createdAt - a.winner.createdAt);
  const chosen = new Map<C, T>();
  for (const { winner, channels: targets } of sorted) {
    for (const channel of targets) if (!chosen.has(channel)) chosen.set(channel, winner);
  }
  return chosen;
}

/**
 * Runs `flush` at most once per `windowMs`: the first offer after a quiet window flushes
 * at once, later ones wait for the window to end and are flushed together. A flush in
 * progress delays the next one (never two at a time).
 */
export class WindowThrottle {
  private lastFlushAt = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private stopped = false;
  private waiting = false;

  constructor(
    private readonly windowMs: number,
    private readonly flush: () => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Asks for a flush. */
  request(): void {
    if (this.stopped) return;
    this.waiting = true;
    if (this.timer || this.running) return;
    const waitMs = Math.max(0, this.lastFlushAt + this.windowMs - this.now());
    this.timer = setTimeout(() => void this.run(), waitMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async run(): Promise<void> {
    this.timer = undefined;
    if (this.stopped) return;
    this.running = true;
    this.waiting = false;
    this.lastFlushAt = this.now();
    try {
      await this.flush();
    } finally {
      this.running = false;
      if (this.waiting) this.request();
    }
  }
}
