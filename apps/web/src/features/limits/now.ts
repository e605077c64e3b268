import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `tickMs` (a minute by default): what is in force and
 * what has ended (breaks, periods) changes with the clock, not only with the data.
 */
export function useNow(tickMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}
