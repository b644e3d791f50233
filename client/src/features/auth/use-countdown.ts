import { useCallback, useEffect, useState } from "react";

/**
 * Whole seconds left until a deadline, ticking once a second; 0 when idle or done.
 * `start(seconds)` (re)starts it. Computed from the deadline, so a slow tick never drifts.
 */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);

  const start = useCallback((seconds: number) => {
    setDeadline(Date.now() + seconds * 1000);
    setRemaining(Math.max(0, Math.ceil(seconds)));
  }, []);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) setDeadline(null);
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  return { remaining, start };
}
