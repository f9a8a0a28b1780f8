import { useContext, useEffect, useId } from 'react';
import {
  type Blocker,
  type BlockerFunction,
  IDLE_BLOCKER,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
} from 'react-router';

/**
 * React Router's useBlocker, asked of the data router directly. useBlocker lives in the router's
 * own module, which the shell carries, so using it anywhere put 0.2 kB gzipped before every
 * screen and the orders list over its 200 kB budget (docs/decisions/0057); these lines ride in
 * the chunk of the screen that uses them. The router's getBlocker/deleteBlocker are what
 * useBlocker calls. `shouldBlock` sees full paths (the /app basename kept).
 */
export function useRouteBlocker(shouldBlock: BlockerFunction): Blocker {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const blockers = useContext(UNSAFE_DataRouterStateContext)?.blockers;
  const key = useId();
  useEffect(() => {
    router?.getBlocker(key, shouldBlock);
  });
  useEffect(() => () => router?.deleteBlocker(key), [router, key]);
  return blockers?.get(key) ?? IDLE_BLOCKER;
}
