import { useEffect } from 'react';

/**
 * Ctrl+K (Cmd+K on a Mac) anywhere in the console, inputs included: an agent mid-form still
 * reaches the palette. The browser's own Ctrl+K (search bar) is suppressed.
 */
export function usePaletteHotkey(toggle: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        (event.ctrlKey || event.metaKey) &&
        !event.altKey &&
        !event.shiftKey &&
        event.key.toLowerCase() === 'k'
      ) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);
}
