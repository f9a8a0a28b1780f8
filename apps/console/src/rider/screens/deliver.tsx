import { RIDER_TASK_TYPES } from '@dastak/core/states';
import { useState } from 'react';
import { type TaskOrder, type Tasks, useOutbox } from '../hooks';
import { useT } from '../i18n/i18n';
import { effectiveState } from '../pending';
import { queue } from '../runtime';
import { OutboxStatus, TopBar } from './parts';
import { TubeLabels } from './tubes';

/** Every label a handover may carry: the tubes of all the samples a rider may hold. */
const HANDOVER_MAX = 200;

/**
 * At the collection centre: choose it, see the tubes in hand, scan each as it is handed over,
 * and deliver every collected sample at once (the server's deliver call). What the server's
 * tube check finds missing or unknown shows as a card when the answer comes.
 */
export function DeliverScreen({ tasks, back }: { tasks: Tasks | null; back: () => void }) {
  const t = useT();
  const { items } = useOutbox();
  const list = tasks?.results ?? [];
  // Delivery tasks name the centre the dispatch engine chose: those first.
  const isDelivery = (x: Tasks['results'][number]) =>
    x.type === RIDER_TASK_TYPES.DELIVERY ? 1 : 0;
  const centres = [
    ...new Map(
      [...list]
        .sort((a, b) => isDelivery(b) - isDelivery(a))
        .flatMap((x) => (x.collectionCenter ? [x.collectionCenter] : []))
        .map((c) => [c.id, c] as const),
    ).values(),
  ];
  const [centre, setCentre] = useState<number | null>(centres[0]?.id ?? null);
  const [handed, setHanded] = useState<string[]>([]);
  const orders = new Map<number, TaskOrder>();
  for (const x of list) {
    const o = x.order as TaskOrder | null;
    if (o && effectiveState(o, items).state === 'collected') orders.set(o.id, o);
  }
  const inHand = [...orders.values()].flatMap((o) =>
    (o.tubeLabels ?? []).map((label) => ({ label, order: o.number })),
  );

  async function send() {
    if (centre === null) return;
    await queue({
      kind: 'deliver',
      path: '/rider-app/deliver/',
      body: { collectionCenterId: centre, handedOverLabels: handed },
    });
    back();
  }

  return (
    <main className="r-screen">
      <TopBar title={t.deliverTitle} onBack={back} />
      <OutboxStatus />
      {centres.length === 0 ? (
        <p className="r-card r-muted">{t.noCentres}</p>
      ) : (
        <label className="r-field">
          <span>{t.chooseCentre}</span>
          <select value={centre ?? ''} onChange={(e) => setCentre(Number(e.target.value))}>
            {centres.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <section className="r-card" aria-label={t.tubesInHand}>
        <h2>{t.tubesInHand}</h2>
        {inHand.length === 0 ? (
          <p className="r-muted">{t.noTubes}</p>
        ) : (
          <ul className="r-plain" data-testid="tubes-in-hand">
            {inHand.map(({ label, order }) => (
              <li key={`${order}-${label}`} className="r-tube-line">
                <span dir="ltr">{label}</span>
                <span className="r-muted">{order}</span>
                <span className={handed.includes(label) ? 'r-ok' : 'r-muted'}>
                  {handed.includes(label) ? t.handedOver : t.notYet}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="r-muted">{t.scanEach}</p>
        <TubeLabels
          labels={handed}
          onChange={setHanded}
          max={HANDOVER_MAX}
          testId="handover-tubes"
        />
      </section>
      <button
        type="button"
        className="r-primary"
        disabled={centre === null || orders.size === 0}
        onClick={() => void send()}
      >
        {t.deliverSend}
      </button>
    </main>
  );
}
