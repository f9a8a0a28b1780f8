import { useState } from 'react';

/**
 * A filter panel kept out of the list's first download (React.lazy): `prefetch` starts the
 * download when the pointer nears the Filters button, `open` mounts and shows it; once mounted
 * it stays, so closing keeps its code and reopening is instant.
 */
export function useLazyFilterPanel(load: () => Promise<unknown>) {
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  const close = () => setOpened(false);
  return {
    mounted,
    prefetch: () => void load(),
    open: () => {
      setMounted(true);
      setOpened(true);
    },
    /** What a filter panel takes: the applied filters, and Apply that applies them and closes. */
    panelProps: <F>(applied: F, apply: (filters: F) => void) => ({
      opened,
      applied,
      onClose: close,
      onApply: (next: F) => {
        apply(next);
        close();
      },
    }),
  };
}
