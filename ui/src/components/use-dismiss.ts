import { useEffect, type RefObject } from 'react';

/** Closes a popup on Escape or on a click outside it (menus, dropdowns). */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  open: boolean,
  close: (viaKeyboard: boolean) => void,
) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) close(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref, open, close]);
}
