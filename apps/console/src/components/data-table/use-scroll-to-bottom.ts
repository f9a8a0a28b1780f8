import { SCROLL_DEBOUNCE_MS } from '@dastak/core/constants';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef } from 'react';

/** How close to the bottom of the page counts as "at the bottom". */
const BOTTOM_MARGIN_PX = 120;

/**
 * Calls `onBottom` when the page is scrolled to (near) its bottom, debounced 100 ms (spec §2.3,
 * §9) so one flick of the wheel asks for one page, not ten. The page scrolls the window.
 */
export function useScrollToBottom(onBottom: () => void, enabled: boolean): void {
  const latest = useRef(onBottom);
  latest.current = onBottom;
  const check = useDebouncedCallback(() => {
    const { scrollTop, scrollHeight, clientHeight } = document.documentElement;
    if (scrollTop > 0 && scrollTop + clientHeight >= scrollHeight - BOTTOM_MARGIN_PX) {
      latest.current();
    }
  }, SCROLL_DEBOUNCE_MS);

  useEffect(() => {
    if (!enabled) return;
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [enabled, check]);
}
