import type { ActiveLiveLocation } from '@dastak/core/entities/feedback';
import { PUBLIC_PAGES } from '@dastak/core/messages';
import { groupThousands } from '@dastak/core/rules/format';
import { nextPollMs } from '@dastak/core/rules/poll-backoff';
import { lazy, Suspense, useEffect, useState } from 'react';
import { publicApi } from '../api';
import { Frame } from '../components/frame';
import { Loading } from '../components/loading';
import { replaceWith } from '../navigation';

// Leaflet is most of a map's weight: it loads after the order shows, outside the page's budget.
const LiveMap = lazy(() => import('./live-map'));

const EXPIRED = 'rider-live-location-link-expired';
// A long run of mask characters (a masked email) would wrap mid-word on a phone: eight stand for
// any number of them, which also tells less about the hidden length.
const compactMask = (value: string) => value.replace(/•{9,}/g, '•'.repeat(8));
const pkr = (value: number) => `${groupThousands(value)} PKR`;

function RiderLine({ live }: { live: ActiveLiveLocation }) {
  const text =
    live.stopsBefore > 0
      ? PUBLIC_PAGES.LIVE_STOPS_LEFT(live.stopsBefore)
      : live.etaMinutes !== null
        ? PUBLIC_PAGES.LIVE_ETA(live.etaMinutes)
        : PUBLIC_PAGES.LIVE_WAITING_FOR_RIDER;
  return (
    <p className="c-eta" aria-live="polite">
      {text}
    </p>
  );
}

/** 'Something went wrong!' in place: an unknown link, or no answer before anything showed. */
export function LiveLocationErrorPage() {
  return (
    <Frame>
      <section className="c-card">
        <h1>{PUBLIC_PAGES.FEEDBACK_ERROR}</h1>
      </section>
    </Frame>
  );
}

/**
 * /rider-live-location/{uuid}: the order, the rider's ETA (or the stops before this one) and a
 * map, refreshed every LIVE_LOCATION_POLL_MS. Once the order is collected the link expires; an
 * unknown link (404) is the error page, not 'expired': it never was a link. A failed
 * refresh keeps what was shown.
 */
export function LiveLocationPage({ id }: { id: string }) {
  const [live, setLive] = useState<ActiveLiveLocation | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const [unknown, setUnknown] = useState(false);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const poll = async () => {
      const answer = await publicApi('GET', '/location/rider-live-location/:id/', { id });
      if (stopped) return;
      if (answer.ok && answer.data.isExpired) return replaceWith(EXPIRED);
      if (!answer.ok && answer.status === 404) return setUnknown(true);
      if (answer.ok && !answer.data.isExpired) setLive(answer.data);
      setUnreachable(!answer.ok);
      // Backs off while the server refuses (a 429: its Retry-After) or fails (ADR 0052).
      failures = answer.ok ? 0 : failures + 1;
      timer = setTimeout(poll, nextPollMs(answer, failures));
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id]);

  if (unknown) return <LiveLocationErrorPage />;
  if (!live) return unreachable ? <LiveLocationErrorPage /> : <Loading />;

  const rider =
    live.stopsBefore === 0 &&
    live.assignedRider?.lastKnownLatitude != null &&
    live.assignedRider.lastKnownLongitude != null
      ? { lat: live.assignedRider.lastKnownLatitude, lng: live.assignedRider.lastKnownLongitude }
      : null;
  const home = { lat: live.customerAddress.latitude, lng: live.customerAddress.longitude };

  return (
    <Frame wide>
      <section className="c-card">
        <h1>Order {live.number}</h1>
        <RiderLine live={live} />
        <div className="c-map-box">
          <Suspense fallback={<div className="c-map-placeholder" />}>
            <LiveMap home={home} rider={rider} />
          </Suspense>
        </div>
        <dl className="c-facts">
          <dt>Patient</dt>
          <dd>
            {live.patient.firstName} {live.patient.lastName}
          </dd>
          <dt>Phone</dt>
          <dd>{compactMask(live.customer.phone)}</dd>
          {live.patient.email && (
            <>
              <dt>Email</dt>
              <dd>{compactMask(live.patient.email)}</dd>
            </>
          )}
          <dt>Address</dt>
          <dd>{live.customerAddress.address}</dd>
        </dl>
        <h2>{PUBLIC_PAGES.TEST_INFORMATION}</h2>
        <ul className="c-tests">
          {live.scanTypes.map((test) => (
            <li key={test.name}>
              <span>{test.name}</span>
              <span className="c-price">{pkr(test.value)}</span>
            </li>
          ))}
        </ul>
        {unreachable && (
          <p className="c-muted" role="status">
            {PUBLIC_PAGES.FEEDBACK_ERROR}
          </p>
        )}
      </section>
    </Frame>
  );
}
