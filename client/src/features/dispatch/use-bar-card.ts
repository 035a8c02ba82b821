import { useCallback, useEffect, useRef, useState } from 'react';
import type { BoardBar } from './board-layout';

/**
 * The board's one card: the bar hovered or focused. Leaving a bar hides its card a moment later, so the pointer can
 * move onto the card; `keep` (the pointer on the card) cancels the hiding.
 */
export function useBarCard() {
  const [card, setCard] = useState<{ bar: BoardBar; at: 'hover' | 'focus' } | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const show = useCallback((bar: BoardBar | null, at: 'hover' | 'focus') => {
    clearTimeout(hideTimer.current);
    if (bar) setCard({ bar, at });
    else {
      const hide = () => setCard((c) => (c && (c.at === at || at === 'focus') ? null : c));
      hideTimer.current = setTimeout(hide, at === 'hover' ? 150 : 0);
    }
  }, []);
  const keep = useCallback(() => clearTimeout(hideTimer.current), []);
  const close = useCallback(() => {
    clearTimeout(hideTimer.current);
    setCard(null);
  }, []);
  return { card, show, keep, close };
}
