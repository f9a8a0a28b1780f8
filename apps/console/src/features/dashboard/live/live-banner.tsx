import { lazy, Suspense, useEffect } from 'react';
import type { StreamStatus } from '../../../lib/realtime/realtime-connection';

export { LIVE_PAUSED_TEXT } from './live-banner-text';

/*
 * The banner's Alert is not part of the JavaScript the map waits for (the dashboard's bundle
 * budget, ADR 0027): it is fetched right after the dashboard mounts, so an outage later finds it
 * loaded even when the network is what failed.
 */
const loadAlert = () => import('./live-banner-alert');
const LiveBannerAlert = lazy(loadAlert);

/** Shown while the stream is down; the dashboard polls meanwhile, so the data keeps coming. */
export function LiveBanner({ status }: { status: StreamStatus }) {
  useEffect(() => {
    void loadAlert();
  }, []);
  if (status !== 'down') return null;
  return (
    <Suspense fallback={null}>
      <LiveBannerAlert />
    </Suspense>
  );
}
