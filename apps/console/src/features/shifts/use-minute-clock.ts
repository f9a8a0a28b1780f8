import { useEffect, useState } from 'react';

/** Now, moving once a minute: the current-day and running-shift marks follow the clock. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
