import { useLayoutEffect } from 'react';

/**
 * Gives focus back to what opened a dialog when it closes (ADR 0058). Mantine's Modal does this
 * only when `opened` turns true after mount; our lazy dialogs mount already open and unmount on
 * close, so the element with focus at mount (the button pressed, or the field Ctrl+Enter came
 * from) is remembered here and focused again when the dialog closes or goes away.
 */
export function useReturnFocus(opened: boolean): void {
  useLayoutEffect(() => {
    if (!opened) return;
    const opener = document.activeElement;
    return () => {
      if (!(opener instanceof HTMLElement) || opener === document.body) return;
      // After the modal's own focus handling, and only if the opener is still on the page.
      window.setTimeout(() => {
        if (opener.isConnected) opener.focus({ preventScroll: true });
      }, 20);
    };
  }, [opened]);
}
