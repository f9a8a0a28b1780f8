import type { ApiError } from './api-client';

/** Counters of what the simulator did; one line every interval, a summary at the end. */
export class Stats {
  readonly startedAt = Date.now();
  ridersOnline = 0;
  ridersLoggedIn = 0;
  pings = 0;
  tasksDone = 0;
  reached = 0;
  collected = 0;
  delivered = 0;
  deliveries = 0;
  problems = 0;
  feedback = 0;
  offlineSpells = 0;
  ordersBooked = 0;
  bookingsSkipped = 0;
  errors = 0;
  private readonly errorsByKind = new Map<string, number>();
  private lastErrors: string[] = [];

  error(e: ApiError | Error | undefined, context?: string): void {
    this.errors++;
    const kind =
      e && 'status' in e ? `${e.method} ${normalise(e.path)} ${e.status}` : (context ?? 'other');
    this.errorsByKind.set(kind, (this.errorsByKind.get(kind) ?? 0) + 1);
    if (e) this.lastErrors = [...this.lastErrors.slice(-4), e.message];
  }

  line(): string {
    const mins = ((Date.now() - this.startedAt) / 60_000).toFixed(1);
    return [
      `[sim ${mins} min]`,
      `riders online ${this.ridersOnline}/${this.ridersLoggedIn}`,
      `tasks done ${this.tasksDone}`,
      `orders booked ${this.ordersBooked} (skipped ${this.bookingsSkipped})`,
      `reached ${this.reached}`,
      `collected ${this.collected}`,
      `delivered ${this.delivered} (${this.deliveries} drop-offs)`,
      `problems ${this.problems}`,
      `offline spells ${this.offlineSpells}`,
      `pings ${this.pings}`,
      `errors ${this.errors}`,
    ].join(' | ');
  }

  summary(): string {
    const kinds = [...this.errorsByKind.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([k, n]) => `  ${n} x ${k}`);
    return [
      this.line(),
      `feedback given ${this.feedback}`,
      ...(kinds.length ? ['errors by call:', ...kinds] : []),
      ...(this.lastErrors.length ? ['last errors:', ...this.lastErrors.map((m) => `  ${m}`)] : []),
    ].join('\n');
  }
}

/** Ids in paths would make every order its own error kind. */
const normalise = (path: string) => path.replace(/\/\d+(?=\/|$)/g, '/:id').replace(/\?.*$/, '');
