import { useEffect, useState } from 'react';

/** The time now, again every `ms`: a screen whose words depend on the clock ("Departs in 3 h") stays true while open. */
export function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
