import { type ApiClient, ApiError } from './api-client';
import type { Backoffice, Vertical } from './backoffice';
import { distanceMetres, jitter, type Point, sixDecimals, stepTowards } from './geo';
import { type Device, Phone } from './phone';
import type { Rng } from './random';
import { ShiftTracker } from './shift-plan';
import type { Stats } from './stats';
import { reachOpensFor, TASK, type Task, tasksOf, taskTarget } from './tasks';

export interface RiderOptions {
  tickMs: number;
  speedKmh: number;
  /** Chance a pickup ends in a reported problem instead of a collection. */
  problemRate: number;
  /** Chance per rider per minute of losing connectivity for a while. */
  offlineRate: number;
  verticals: Vertical[];
  /** Ride only during the rider's own shifts (GET /rider-app/shift/); off: ride from the start. */
  followShifts: boolean;
}

const ARRIVED_WITHIN_M = 25;
const SERVICE_SECONDS: [number, number] = [20, 60];
const OFFLINE_SECONDS: [number, number] = [60, 180];
/** Longest a simulated break keeps the rider still (breaks are compressed like service). */
const BREAK_CAP_MS = 60_000;
const REFRESH_IDLE_TICKS = 3;
const REFRESH_MOVING_TICKS = 15;
const RETRY_FAILED_MS = 30_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One rider's phone: goes on duty, pings its position every tick while riding in a straight line
 * (with a little jitter) towards the head of its task queue, and walks each order through
 * reached -> collected (or problem) and the samples to a collection center.
 */
export class RiderAgent {
  online = false;
  private position: Point | null;
  private task: Task | null = null;
  private target: Point | null = null;
  private ticksSinceRefresh = Number.POSITIVE_INFINITY;
  private serviceUntil: number | null = null;
  private offlineUntil: number | null = null;
  private readonly phone: Phone;
  /** Tasks set aside until a time: breaks being taken, failed actions, pins never given. */
  private readonly skipUntil = new Map<number, number>();
  private readonly inHand = new Set<number>();
  /** Tube labels scanned at collection, handed over at the centre (ADR 0062). */
  private tubesInHand: string[] = [];
  private reachedOrder: number | null = null;
  /** The pickup whose door the rider waits at until its reach opens (logged once). */
  private waitingFor: number | null = null;
  /** Following shifts: null until the first tick knows whether the rider should be on duty. */
  private onDuty: boolean | null = null;
  private readonly shifts: ShiftTracker | null;
  /** Off shift with tasks in hand: riding on until the queue is empty. */
  private finishing = false;

  constructor(
    readonly api: ApiClient,
    private readonly backoffice: Backoffice,
    private readonly rng: Rng,
    private readonly stats: Stats,
    private readonly opts: RiderOptions,
    start: Point | null,
    device: Device,
    private readonly log: (msg: string) => void,
  ) {
    this.position = start;
    this.phone = new Phone(device, rng);
    this.shifts = opts.followShifts
      ? new ShiftTracker(
          () => this.api.get('/rider-app/shift/'),
          rng,
          (msg) => this.log(`${this.name}: ${msg}`),
        )
      : null;
  }

  get name(): string {
    return this.api.credentials.email.split('@')[0] ?? this.api.credentials.email;
  }

  async start(): Promise<void> {
    await this.api.login();
    this.stats.ridersLoggedIn++;
    await this.backoffice.loadProblemStrings(this.api);
    if (!this.shifts) await this.beginShift(null);
  }

  async run(isRunning: () => boolean): Promise<void> {
    while (isRunning()) {
      const began = Date.now();
      try {
        await this.tick();
      } catch (e) {
        this.stats.error(e instanceof Error ? e : undefined, 'rider tick');
      }
      const left = this.opts.tickMs - (Date.now() - began);
      if (left > 0 && isRunning()) await sleep(left);
    }
  }

  /** Ctrl+C: the phone says it is going offline. */
  async stop(): Promise<void> {
    if (!this.api.loggedIn) return;
    await this.call(() => this.api.post('/rider-app/offline/'));
    this.setOnline(false);
  }

  private async tick(): Promise<void> {
    const now = Date.now();
    if (this.shifts) {
      const phase = await this.shifts.phase(now);
      // Work in hand is finished even when the shift has ended (the server refuses going off
      // duty with tasks in hand, and the rider rides on until the queue is empty).
      const busy = this.task !== null || this.inHand.size > 0 || this.finishing;
      const offShift = phase === 'off' || phase === 'waiting';
      if (offShift && !busy) {
        if (this.onDuty !== false) await this.endShift();
        if (!this.finishing) return;
      } else if (!offShift && this.onDuty !== true) {
        await this.beginShift(this.shifts.startPoint);
      }
      if (phase === 'on-break') {
        // Standing still, phone on: the break counts as online time.
        this.position = this.position ? jitter(this.position, 3, () => this.rng.next()) : null;
        await this.sendPing();
        return;
      }
    }
    if (this.offlineUntil !== null) {
      this.move();
      if (this.position) this.phone.record(this.position);
      if (now < this.offlineUntil) return;
      await this.comeBack();
      return;
    }
    if (this.rng.chance((this.opts.offlineRate * this.opts.tickMs) / 60_000)) {
      await this.goOffline();
      return;
    }
    if (this.serviceUntil !== null) {
      await this.sendPing();
      if (now >= this.serviceUntil) await this.finishPickup();
      return;
    }
    this.ticksSinceRefresh++;
    const every = this.task ? REFRESH_MOVING_TICKS : REFRESH_IDLE_TICKS;
    if (this.ticksSinceRefresh >= every) await this.refreshTasks();
    this.move();
    await this.sendPing();
    if (this.task && this.target && this.position) {
      if (distanceMetres(this.position, this.target) <= ARRIVED_WITHIN_M) await this.arrive();
    }
  }

  private async refreshTasks(): Promise<void> {
    this.ticksSinceRefresh = 0;
    let queue: Task[];
    try {
      queue = tasksOf(await this.api.get('/rider-app/tasks/'));
    } catch {
      return; // counted by ApiClient; try again next refresh
    }
    const now = Date.now();
    if (queue.length === 0) this.finishing = false;
    const head = queue.find((t) => (this.skipUntil.get(t.id) ?? 0) <= now) ?? null;
    if (head?.id === this.task?.id) return;
    if (head?.type === TASK.BREAK) return this.startBreak(head);
    this.task = head;
    this.target = head ? await taskTarget(head, this.backoffice, this.opts.verticals) : null;
    if (head && !this.target) {
      this.log(`${this.name}: task ${head.id} has no coordinates; skipping it`);
      this.skipUntil.set(head.id, Number.POSITIVE_INFINITY);
      this.task = null;
    }
    // A rider with no known position appears a few kilometres from its first task.
    if (!this.position && this.target) {
      this.position = jitter(this.target, 3_000, () => this.rng.next());
    }
  }

  private move(): void {
    if (!this.position) return;
    const stepM = ((this.opts.speedKmh * 1000) / 3600) * (this.opts.tickMs / 1000);
    if (this.target && this.task?.type !== TASK.BREAK) {
      // Straight line at street speed, give or take traffic; GPS noise of a few metres.
      const step = stepM * (0.6 + 0.6 * this.rng.next());
      const next = stepTowards(this.position, this.target, step);
      const arriving = distanceMetres(next, this.target) <= ARRIVED_WITHIN_M;
      this.position = arriving ? next : jitter(next, 8, () => this.rng.next());
    } else {
      this.position = jitter(this.position, 3, () => this.rng.next());
    }
  }

  private async sendPing(): Promise<void> {
    const at = this.position;
    if (!at) return;
    const ok = await this.call(() =>
      this.api.post('/rider-app/location/', { body: this.phone.ping(at) }),
    );
    if (ok) this.stats.pings++;
  }

  private async arrive(): Promise<void> {
    const task = this.task;
    if (!task) return;
    if (task.type === TASK.PICKUP && task.order) {
      if (this.reachedOrder !== task.order.id && task.order.state !== 'reached') {
        // Early for the slot: wait at the door, pinging, as the server refuses reached before
        // its lead (ADR 0055); each tick comes back here until it opens.
        const opens = reachOpensFor(task);
        if (Date.now() < opens) {
          if (this.waitingFor !== task.order.id) {
            this.waitingFor = task.order.id;
            this.log(`${this.name}: early for ${task.order.number}; waiting at the door`);
          }
          return;
        }
        const id = task.order.id;
        const ok = await this.call(() =>
          this.api.post('/rider-app/orders/:id/reached/', { params: { id }, body: this.here() }),
        );
        if (!ok) return this.dropTask(task, RETRY_FAILED_MS);
        this.stats.reached++;
        this.reachedOrder = task.order.id;
        this.log(`${this.name}: reached ${task.order.number}`);
      }
      if (this.rng.chance(this.opts.problemRate)) return this.reportProblem(task);
      const [lo, hi] = SERVICE_SECONDS;
      this.serviceUntil = Date.now() + this.rng.int(lo, hi) * 1000;
    } else if (task.type === TASK.DELIVERY) {
      const center = this.backoffice.centerById(
        task.collectionCenter?.id,
        task.collectionCenter?.name,
      );
      const id = task.collectionCenter?.id ?? center?.id;
      // Every tube in hand is scanned at the counter, as a careful rider does.
      const body = { collection_center_id: id, handed_over_labels: this.tubesInHand };
      const headers = { 'idempotency-key': this.idempotencyKey() };
      const answer = await this.call(() => this.api.post('/rider-app/deliver/', { body, headers }));
      if (answer) {
        const count = answer.orders?.length ?? this.inHand.size;
        this.stats.deliveries++;
        this.stats.delivered += count;
        this.log(`${this.name}: delivered ${count} sample(s) at ${task.collectionCenter?.name}`);
        this.stats.tasksDone++;
        this.inHand.clear();
        this.tubesInHand = [];
      }
      this.dropTask(task, answer ? 0 : RETRY_FAILED_MS);
    }
  }

  private async finishPickup(): Promise<void> {
    this.serviceUntil = null;
    const task = this.task;
    const orderId = task?.order?.id;
    if (!task || !orderId) return;
    // One or two tubes per blood sample (order numbers carry the vertical: X-... is X-ray),
    // labelled after the order (the Code 128 text on the tube).
    const tubes =
      task.order && !task.order.number.startsWith('X-')
        ? Array.from({ length: this.rng.int(1, 2) }, (_, i) => `${task.order?.number}-${i + 1}`)
        : [];
    const headers = { 'idempotency-key': this.idempotencyKey() };
    const ok = await this.call(() =>
      this.api.post('/rider-app/orders/:id/collected/', {
        params: { id: orderId },
        body: { ...this.here(), tube_labels: tubes },
        headers,
      }),
    );
    if (ok) {
      this.tubesInHand.push(...tubes);
      this.stats.collected++;
      this.stats.tasksDone++;
      this.inHand.add(orderId);
      this.log(`${this.name}: collected ${task.order?.number}`);
      const rated = await this.call(() =>
        this.api.post('/rider-app/orders/:id/patient-feedback/', {
          params: { id: orderId },
          body: {
            overall_star_rating: this.rng.int(3, 5),
            patient_behavior_star_rating: this.rng.int(3, 5),
            wait_time_mins: this.rng.int(1, 20),
            feedback_text: this.rng.pick(['', '', 'Patient was ready', 'Had to wait at the gate']),
          },
        }),
      );
      if (rated) this.stats.feedback++;
    }
    this.dropTask(task, ok ? 0 : RETRY_FAILED_MS);
  }

  private async reportProblem(task: Task): Promise<void> {
    // Order numbers carry the vertical: B-... blood, X-... X-ray.
    const vertical = task.order?.number.startsWith('X-') ? 'xray' : 'blood';
    const strings = this.backoffice.problemStrings[vertical] ?? [];
    const problem = strings.length ? this.rng.pick(strings) : null;
    const orderId = task.order?.id;
    if (!problem || orderId === undefined) return this.dropTask(task);
    const ok = await this.call(() =>
      this.api.post('/rider-app/orders/:id/problem/', {
        params: { id: orderId },
        body: { problem_string_id: problem.id, text: `Simulated: ${problem.text}` },
      }),
    );
    if (ok) {
      this.log(`${this.name}: problem on ${task.order?.number}: ${problem.text}`);
      this.stats.problems++;
      this.stats.tasksDone++;
    }
    this.dropTask(task, ok ? 0 : RETRY_FAILED_MS);
  }

  private startBreak(task: Task): void {
    const end = task.deadline
      ? Date.parse(task.deadline)
      : Date.now() + (task.breakDurationMins ?? 1) * 60_000;
    const left = Math.min(BREAK_CAP_MS, Math.max(0, end - Date.now()));
    this.skipUntil.set(task.id, end);
    this.serviceUntil = null;
    this.task = null;
    this.target = null;
    // Standing still through the break: refresh only after it.
    this.ticksSinceRefresh = -Math.ceil(left / this.opts.tickMs);
  }

  /** Done with the task; after a failed action it is set aside for a while, then tried again. */
  private dropTask(task: Task, retryAfterMs = 0): void {
    if (retryAfterMs > 0) this.skipUntil.set(task.id, Date.now() + retryAfterMs);
    if (this.task?.id === task.id) {
      this.task = null;
      this.target = null;
    }
    this.reachedOrder = null;
    this.serviceUntil = null;
    this.ticksSinceRefresh = Number.POSITIVE_INFINITY;
  }

  /** On duty and online, appearing at the shift's start point when it has one. */
  private async beginShift(at: Point | null): Promise<void> {
    await this.call(() => this.api.post('/rider-app/duty/', { body: { is_on_duty: true } }));
    if (at) this.position = at;
    this.onDuty = true;
    this.offlineUntil = null;
    this.ticksSinceRefresh = Number.POSITIVE_INFINITY;
    this.setOnline(true);
    if (this.shifts) this.log(`${this.name}: on duty`);
  }

  /** Off duty and offline until the next shift. */
  private async endShift(): Promise<void> {
    // The server refuses going off duty with tasks in hand (409): finish them first, online and
    // on duty (a demo rider may start with a queue it was given before its shift ended).
    const queue = await this.call(() => this.api.get('/rider-app/tasks/'));
    const inHand = queue ? tasksOf(queue).length > 0 : false;
    const off =
      !inHand &&
      (await this.call(() => this.api.post('/rider-app/duty/', { body: { is_on_duty: false } })));
    if (!off) {
      this.finishing = true;
      this.ticksSinceRefresh = Number.POSITIVE_INFINITY;
      if (this.onDuty !== true) this.setOnline(true);
      this.onDuty = true;
      return;
    }
    await this.call(() => this.api.post('/rider-app/offline/'));
    const wasOn = this.onDuty === true;
    this.onDuty = false;
    this.offlineUntil = null;
    this.serviceUntil = null;
    this.task = null;
    this.target = null;
    this.setOnline(false);
    if (wasOn) this.log(`${this.name}: off duty (shift over)`);
  }

  private async goOffline(): Promise<void> {
    const ok = await this.call(() => this.api.post('/rider-app/offline/'));
    if (!ok) return;
    const [lo, hi] = OFFLINE_SECONDS;
    this.offlineUntil = Date.now() + this.rng.int(lo, hi) * 1000;
    this.stats.offlineSpells++;
    this.log(`${this.name}: went offline until ${new Date(this.offlineUntil).toISOString()}`);
    this.setOnline(false);
  }

  /** Back in coverage: the phone uploads what it recorded while offline, as one batch. */
  private async comeBack(): Promise<void> {
    this.offlineUntil = null;
    const pings = this.phone.drain();
    const ok = pings.length
      ? await this.call(() => this.api.post('/rider-app/location/', { body: { pings } }))
      : true;
    if (ok) this.stats.pings += pings.length;
    this.setOnline(true);
    this.ticksSinceRefresh = Number.POSITIVE_INFINITY;
  }

  private here(): Point {
    return sixDecimals(this.position ?? { latitude: 0, longitude: 0 });
  }

  private setOnline(online: boolean): void {
    if (online !== this.online) this.stats.ridersOnline += online ? 1 : -1;
    this.online = online;
  }

  /** Runs one call; failures are counted and logged, never thrown. */
  /** A fresh key per action, as the rider app's offline queue sends (ADR 0062). */
  private idempotencyKey() {
    return `sim-${this.name.replace(/\W+/g, '')}-${Date.now().toString(36)}-${this.rng.int(0, 1e9)}`;
  }

  private async call<T>(fn: () => Promise<T>): Promise<T | null> {
    try {
      return (await fn()) ?? ({} as T);
    } catch (e) {
      // ApiClient has counted it; anything else is a bug worth counting too.
      if (!(e instanceof ApiError)) this.stats.error(e instanceof Error ? e : undefined, 'rider');
      else if (e.status >= 400 && e.status !== 429) this.log(`${this.name}: ${e.message}`);
      return null;
    }
  }
}
