import { useState } from 'react';
import { clock, sampleText } from '../format';
import { type TaskOrder, type Tasks, useNow, useOutbox } from '../hooks';
import { useLang, useT } from '../i18n/i18n';
import { effectiveState } from '../pending';
import { queueOrderAction, tracker } from '../runtime';
import { Marks, OutboxStatus, TopBar, useFlash } from './parts';
import type { OrderScreenProps, Screen } from './screen';
import { TubeLabels } from './tubes';

export function findOrder(tasks: Tasks | null, orderId: number): TaskOrder | null {
  const task = tasks?.results.find((x) => x.order?.id === orderId && x.type === 0);
  return (task?.order ??
    tasks?.results.find((x) => x.order?.id === orderId)?.order ??
    null) as TaskOrder | null;
}

/** geo: opens the phone's own maps app with the pin; the Google Maps link works anywhere. */
function mapLinks(order: TaskOrder) {
  if (order.latitude == null || order.longitude == null) return null;
  const at = `${order.latitude},${order.longitude}`;
  return {
    geo: `geo:${at}?q=${at}(${encodeURIComponent(order.patient.name || order.number)})`,
    web: `https://www.google.com/maps/search/?api=1&query=${at}`,
  };
}

/** One pickup: call, map, Reached, Collected with the tubes, problem, feedback. */
export function TaskScreen({
  orderId,
  tasks,
  open,
  back,
}: OrderScreenProps & { open: (s: Screen) => void }) {
  const t = useT();
  const lang = useLang();
  const now = useNow();
  const { items } = useOutbox();
  const [labels, setLabels] = useState<string[]>([]);
  const [flash, setFlash] = useFlash();
  const [busy, setBusy] = useState(false);
  const order = findOrder(tasks, orderId);
  if (!order) {
    return (
      <main className="r-screen">
        <TopBar title={t.appName} onBack={back} />
        <OutboxStatus />
        <p className="r-card r-muted">{t.taskGone}</p>
      </main>
    );
  }
  const { state, waiting } = effectiveState(order, items);
  const links = mapLinks(order);
  const sample = order.sampleExpiresAt ? sampleText(t, order.sampleExpiresAt, now) : null;

  /** The action goes to the outbox with where the phone is now. */
  async function act(kind: 'reached' | 'collected', extra: Record<string, unknown> = {}) {
    setBusy(true);
    const fix = await tracker.here();
    setBusy(false);
    if (!fix) {
      setFlash(t.locationNeeded, 'error');
      return;
    }
    await queueOrderAction(order!, kind, {
      latitude: fix.latitude,
      longitude: fix.longitude,
      ...extra,
    });
    setFlash(navigator.onLine ? null : t.saved);
  }

  return (
    <main className="r-screen">
      <TopBar title={order.patient.name || order.number} onBack={back} />
      <OutboxStatus />
      <section className="r-card">
        <p className="r-task-meta">
          <span>{order.number}</span>
          <span>{t.slot(clock(order.pickup, lang))}</span>
          <span className="r-state">
            {t.state[state in t.state ? (state as 'assigned') : 'other']}
          </span>
        </p>
        <Marks order={order} />
        <h2>{t.address}</h2>
        <p>{order.address}</p>
        <h2>{t.tests}</h2>
        <ul className="r-plain">
          {order.tests.map((x) => (
            <li key={x.code}>
              {x.name}
              {x.count > 1 ? ` × ${x.count}` : ''}
            </li>
          ))}
        </ul>
        {order.additionalNotes && (
          <>
            <h2>{t.notes}</h2>
            <p>{order.additionalNotes}</p>
          </>
        )}
        {sample && state === 'collected' && (
          <p className={`r-sample r-sample-${sample.tone}`} role="timer">
            {sample.text}
          </p>
        )}
        {waiting && <p className="r-waiting">{t.waitingToSend}</p>}
      </section>
      <div className="r-row">
        {order.patient.phone && (
          <a className="r-secondary r-grow" href={`tel:${order.patient.phone}`}>
            {t.call}
          </a>
        )}
        {links && (
          <a className="r-secondary r-grow" href={links.geo} data-fallback={links.web}>
            {t.openMap}
          </a>
        )}
      </div>
      {links && (
        <p className="r-muted">
          <a href={links.web} target="_blank" rel="noreferrer">
            {t.openMapWeb}
          </a>
        </p>
      )}
      {state === 'assigned' && (
        <button
          type="button"
          className="r-primary"
          disabled={busy}
          onClick={() => void act('reached')}
        >
          {t.reached}
        </button>
      )}
      {state === 'reached' && (
        <section className="r-card" aria-label={t.tubesTitle}>
          <h2>{t.tubesTitle}</h2>
          <p className="r-muted">{t.tubesHint}</p>
          <TubeLabels labels={labels} onChange={setLabels} testId="collect-tubes" />
          <button
            type="button"
            className="r-primary"
            disabled={busy || labels.length === 0}
            onClick={() => void act('collected', { tubeLabels: labels })}
          >
            {t.collected} ({t.labelsCount(labels.length)})
          </button>
        </section>
      )}
      {flash}
      {(state === 'assigned' || state === 'reached') && (
        <button
          type="button"
          className="r-secondary"
          onClick={() => open({ name: 'problem', orderId })}
        >
          {t.reportProblem}
        </button>
      )}
      {(state === 'collected' || state === 'delivered') && (
        <button
          type="button"
          className="r-secondary"
          onClick={() => open({ name: 'feedback', orderId })}
        >
          {t.feedback}
        </button>
      )}
    </main>
  );
}
