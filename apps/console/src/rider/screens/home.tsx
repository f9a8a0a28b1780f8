import type { Reply } from '@dastak/core/api-replies';
import { RIDER_TASK_TYPES } from '@dastak/core/states';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { get, logout } from '../api';
import { clock, sampleText } from '../format';
import {
  forgetCachedData,
  type Task,
  type TaskOrder,
  type Tasks,
  useNow,
  useOutbox,
} from '../hooks';
import { useLang, useT } from '../i18n/i18n';
import { effectiveState } from '../pending';
import { disablePush, enablePush } from '../push';
import { outbox, queue, tracker } from '../runtime';
import { getSession } from '../session';
import { LanguageSwitch, Marks, OutboxStatus } from './parts';
import type { Screen } from './screen';

type Shift = Reply<'GET /rider-app/shift/'>;

function useShift(): Shift | undefined {
  const [shift, setShift] = useState<Shift | undefined>(undefined);
  useEffect(() => {
    const load = () =>
      void get('/rider-app/shift/', {}).then((a) => {
        if (a.ok) setShift(a.data);
      });
    load();
    window.addEventListener('focus', load);
    return () => window.removeEventListener('focus', load);
  }, []);
  return shift;
}

/**
 * On duty as the rider last asked, even while that request waits to send; null until the first
 * answer (or a kept one) says, so the switch never shows the wrong way round to be tapped.
 */
function useDuty(tasks: Tasks | null): boolean | null {
  const { items } = useOutbox();
  const queued = items.filter((i) => i.kind === 'duty').at(-1);
  if (queued) return (queued.body as { isOnDuty: boolean }).isOnDuty;
  return tasks ? tasks.isOnDuty : null;
}

function TaskCard({ task, open }: { task: Task; open: (s: Screen) => void }) {
  const t = useT();
  const lang = useLang();
  const now = useNow();
  const { items } = useOutbox();
  if (task.type === RIDER_TASK_TYPES.BREAK) return null;
  const order = task.order as TaskOrder | null;
  if (!order) return null;
  const { state, waiting } = effectiveState(order, items);
  const delivery = task.type === RIDER_TASK_TYPES.DELIVERY;
  const sample = order.sampleExpiresAt ? sampleText(t, order.sampleExpiresAt, now) : null;
  const stateKey = state in t.state ? (state as keyof typeof t.state) : 'other';
  return (
    <li>
      <button
        type="button"
        className={`r-task${delivery ? ' r-task-delivery' : ''}`}
        data-order={order.number}
        onClick={() => open(delivery ? { name: 'deliver' } : { name: 'task', orderId: order.id })}
      >
        <span className="r-task-head">
          <strong>{delivery ? t.delivery : order.patient.name}</strong>
          <span className="r-state">{t.state[stateKey]}</span>
        </span>
        {delivery && task.collectionCenter ? (
          <span>{t.deliverTo(task.collectionCenter.name)}</span>
        ) : (
          <span className="r-address">{order.address}</span>
        )}
        <span className="r-task-meta">
          <span>{order.number}</span>
          <span>{t.slot(clock(order.pickup, lang))}</span>
          {task.deadline && <span>{t.deadline(clock(task.deadline, lang))}</span>}
        </span>
        {!delivery && <span className="r-tests">{order.tests.map((x) => x.name).join(' · ')}</span>}
        <Marks order={order} />
        {sample && state === 'collected' && (
          <span className={`r-sample r-sample-${sample.tone}`} role="timer">
            {sample.text}
          </span>
        )}
        {waiting && <span className="r-waiting">{t.waitingToSend}</span>}
      </button>
    </li>
  );
}

function BreakCard({ task, shift }: { task: Task; shift: Shift | undefined }) {
  const t = useT();
  const lang = useLang();
  const ends = shift?.breakEndsAt ?? task.deadline;
  return (
    <li className="r-card r-break">
      <strong>{t.break}</strong>
      {task.breakDurationMins ? <span> · {t.breakGiven(task.breakDurationMins)}</span> : null}
      {ends && <p>{t.breakUntil(clock(ends, lang))}</p>}
    </li>
  );
}

function LocationLine() {
  const t = useT();
  const status = useSyncExternalStore(
    (l) => tracker.subscribe(l),
    () => tracker.status,
  );
  if (status === 'off') return null;
  const text =
    status === 'on' ? t.locationOn : status === 'denied' ? t.locationDenied : t.locationNeeded;
  return <p className={status === 'denied' ? 'r-error' : 'r-muted'}>{text}</p>;
}

export function HomeScreen({
  open,
  tasks,
  updatedAt,
}: {
  open: (s: Screen) => void;
  tasks: Tasks | null;
  updatedAt: Date | null;
}) {
  const t = useT();
  const lang = useLang();
  const shift = useShift();
  const onDuty = useDuty(tasks);
  const session = getSession();

  useEffect(() => {
    if (onDuty) tracker.start();
    else tracker.stop();
  }, [onDuty]);
  useEffect(() => () => tracker.stop(), []);

  async function signOut() {
    const waiting = outbox.snapshot().items.filter((i) => i.kind !== 'location').length;
    if (waiting > 0 && !window.confirm(t.logoutPending(waiting))) return;
    tracker.stop();
    if (session) await outbox.clear(session.user.id);
    forgetCachedData();
    navigator.serviceWorker?.controller?.postMessage('logout');
    await disablePush().catch(() => {});
    await logout();
  }

  const list = tasks?.results ?? [];
  const { items } = useOutbox();
  // Samples in hand (or about to be, once a queued Collected is sent) can be delivered.
  const hasDelivery = list.some(
    (x) =>
      x.type === RIDER_TASK_TYPES.DELIVERY ||
      (x.order && effectiveState(x.order, items).state === 'collected'),
  );

  return (
    <main className="r-screen">
      <header className="r-top">
        <h1>{session?.user.fullName ?? t.appName}</h1>
        <LanguageSwitch />
      </header>
      <OutboxStatus />
      <section className="r-card r-duty" aria-label={onDuty ? t.onDuty : t.offDuty}>
        {onDuty === null ? (
          <p className="r-muted">…</p>
        ) : (
          <>
            <p className={onDuty ? 'r-duty-on' : 'r-duty-off'}>{onDuty ? t.onDuty : t.offDuty}</p>
            <button
              type="button"
              className={onDuty ? 'r-secondary' : 'r-primary'}
              onClick={() => {
                void queue({ kind: 'duty', path: '/rider-app/duty/', body: { isOnDuty: !onDuty } });
                // Going on duty is the tap that may ask to ring the phone for new tasks.
                if (!onDuty) void enablePush().catch(() => {});
              }}
            >
              {onDuty ? t.goOffDuty : t.goOnDuty}
            </button>
          </>
        )}
        <LocationLine />
      </section>
      <section className="r-card" aria-label={t.shiftTitle}>
        <h2>{t.shiftTitle}</h2>
        {shift ? (
          <>
            <p>{t.shiftTime(clock(shift.startDatetime, lang), clock(shift.endDatetime, lang))}</p>
            {shift.hotspot && <p>{t.hotspot(shift.hotspot.name)}</p>}
            {shift.breakEndsAt && new Date(shift.breakEndsAt) > new Date() && (
              <p className="r-break">{t.breakUntil(clock(shift.breakEndsAt, lang))}</p>
            )}
          </>
        ) : (
          <p className="r-muted">{shift === null ? t.shiftNone : '…'}</p>
        )}
      </section>
      <section aria-label={t.tasksTitle}>
        <h2 className="r-section-title">{t.tasksTitle}</h2>
        {updatedAt && (
          <p className="r-muted">{t.lastUpdated(clock(updatedAt.toISOString(), lang))}</p>
        )}
        {list.length === 0 ? (
          <p className="r-card r-muted">{t.noTasks}</p>
        ) : (
          <ol className="r-tasks" data-testid="tasks">
            {list.map((task) =>
              task.type === RIDER_TASK_TYPES.BREAK ? (
                <BreakCard key={task.id} task={task} shift={shift} />
              ) : (
                <TaskCard key={task.id} task={task} open={open} />
              ),
            )}
          </ol>
        )}
        {hasDelivery && (
          <button type="button" className="r-primary" onClick={() => open({ name: 'deliver' })}>
            {t.deliverOpen}
          </button>
        )}
      </section>
      <button type="button" className="r-link" onClick={() => void signOut()}>
        {t.logout}
      </button>
    </main>
  );
}
