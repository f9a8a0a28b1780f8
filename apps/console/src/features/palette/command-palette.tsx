import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSessionUser } from '../../lib/use-session';
import { usePaletteHotkey } from './use-palette-hotkey';

const loadDialog = () => import('./palette-dialog');
const PaletteDialog = lazy(loadDialog);

/**
 * The command palette: Ctrl+K / Cmd+K anywhere in the signed-in console. Mounted once
 * by the layout; only the key listener is in the first download, the dialog is its own chunk
 * (docs/decisions/0012 budgets), fetched when the browser is idle so the first Ctrl+K is instant.
 */
export function CommandPalette() {
  const user = useSessionUser();
  const [opened, setOpened] = useState(false);
  const toggle = useCallback(() => setOpened((o) => !o), []);
  const close = useCallback(() => setOpened(false), []);
  usePaletteHotkey(toggle);
  useEffect(() => {
    const timer = window.setTimeout(() => void loadDialog(), 3000);
    return () => window.clearTimeout(timer);
  }, []);
  if (!user || !opened) return null;
  return (
    <Suspense fallback={null}>
      <PaletteDialog user={user} onClose={close} />
    </Suspense>
  );
}
