import { useCallback, useEffect, useRef, useState } from 'react';

/** How long an admin has to take back a confirmed decision before it is sent. */
export const undoWindowMs = 10_000;

interface Held<Kind> {
  kind: Kind;
  /** When it will be sent, in ms since the epoch. */
  at: number;
}

/**
 * Decisions held back for an undo window: `hold(key, kind, send)` sends after `undoWindowMs`
 * unless `undo(key)` comes first. Leaving the page sends what is still held (it was confirmed).
 * `waiting(key)` says what is held for a key and how many whole seconds are left.
 */
export function useUndoWindow<Kind extends string>() {
  const timers = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; send: () => void }>());
  const [held, setHeld] = useState<ReadonlyMap<string, Held<Kind>>>(new Map());
  const [now, setNow] = useState(() => Date.now());

  const release = useCallback((key: string) => {
    const entry = timers.current.get(key);
    if (entry) clearTimeout(entry.timer);
    timers.current.delete(key);
    setHeld((before) => {
      const after = new Map(before);
      after.delete(key);
      return after;
    });
    return entry;
  }, []);

  const hold = useCallback(
    (key: string, kind: Kind, send: () => void) => {
      release(key);
      const at = Date.now() + undoWindowMs;
      timers.current.set(key, { timer: setTimeout(() => release(key)?.send(), undoWindowMs), send });
      setNow(Date.now());
      setHeld((before) => new Map(before).set(key, { kind, at }));
    },
    [release],
  );

  const undo = useCallback((key: string) => void release(key), [release]);

  // The countdown: the clock read once a second while anything is held.
  const holding = held.size > 0;
  useEffect(() => {
    if (!holding) return undefined;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [holding]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const { timer, send } of pending.values()) {
        clearTimeout(timer);
        send();
      }
      pending.clear();
    };
  }, []);

  const waiting = (key: string) => {
    const entry = held.get(key);
    return entry
      ? { kind: entry.kind, secondsLeft: Math.max(0, Math.ceil((entry.at - now) / 1000)) }
      : undefined;
  };

  return { hold, undo, waiting };
}
