import { distanceMetres, jitter, type Point } from './geo';
import type { Rng } from './random';

/** What GET /rider-app/shift/ answers: the rider's shift in progress, else the next one today. */
export interface RiderShiftInfo {
  id: number;
  startDatetime: string;
  endDatetime: string;
  state: string;
  breakEndsAt: string | null;
  hotspot: { latitude: number; longitude: number } | null;
}

/**
 * How a simulated rider keeps a shift, so that attendance has every kind of row: most come on
 * time at their hotspot, some late, some never, some start away from the hotspot.
 */
export type Persona = 'punctual' | 'late' | 'no-show' | 'outside-hotspot';

const PERSONAS: [Persona, number][] = [
  ['punctual', 0.7],
  ['late', 0.15],
  ['no-show', 0.05],
  ['outside-hotspot', 0.1],
];

export function pickPersona(rng: Rng): Persona {
  let x = rng.next();
  for (const [persona, p] of PERSONAS) {
    if (x < p) return persona;
    x -= p;
  }
  return 'punctual';
}

export interface ShiftPlan {
  shiftId: number;
  persona: Persona;
  /** When the phone comes online and goes on duty; null: it never does (a no-show). */
  onlineAt: number | null;
  offlineAt: number;
  /** Where the rider appears: near the hotspot, or well outside its radius (250 m, ADR 0037). */
  startPoint: Point | null;
}

const MINUTE = 60_000;

/**
 * The plan for one shift. A rider whose shift is already under way when the simulator starts
 * comes online now (punctual) or a little later (late); nobody comes before 10 minutes ahead.
 */
export function planShift(
  shift: RiderShiftInfo,
  persona: Persona,
  rng: Rng,
  now: number,
): ShiftPlan {
  const start = Date.parse(shift.startDatetime);
  const end = Date.parse(shift.endDatetime);
  const at = (t: number) => Math.min(end, Math.max(now, t));
  const hotspot = shift.hotspot;
  const near = hotspot ? jitter(hotspot, 100, () => rng.next()) : null;
  switch (persona) {
    case 'no-show':
      return { shiftId: shift.id, persona, onlineAt: null, offlineAt: end, startPoint: null };
    case 'late':
      return {
        shiftId: shift.id,
        persona,
        onlineAt: at(Math.max(start, now) + rng.int(35, 50) * MINUTE),
        offlineAt: end,
        startPoint: near,
      };
    case 'outside-hotspot':
      return {
        shiftId: shift.id,
        persona,
        onlineAt: at(start - rng.int(0, 5) * MINUTE),
        offlineAt: end,
        startPoint: hotspot ? awayFrom(hotspot, rng) : null,
      };
    default:
      return {
        shiftId: shift.id,
        persona,
        onlineAt: at(start - rng.int(0, 10) * MINUTE),
        offlineAt: end,
        startPoint: near,
      };
  }
}

/** A point 0.8-2 km from the hotspot: clearly outside its radius. */
function awayFrom(hotspot: Point, rng: Rng): Point {
  for (;;) {
    const p = jitter(hotspot, 2_000, () => rng.next());
    if (distanceMetres(p, hotspot) >= 800) return p;
  }
}

export type ShiftPhase = 'waiting' | 'on-shift' | 'on-break' | 'off';

/** Where the rider is in the plan at `now`; a break given by a dispatcher keeps it still. */
export function phaseAt(
  plan: ShiftPlan | null,
  now: number,
  breakEndsAt: number | null,
): ShiftPhase {
  if (!plan || plan.onlineAt === null || now >= plan.offlineAt) return 'off';
  if (now < plan.onlineAt) return 'waiting';
  if (breakEndsAt !== null && now < breakEndsAt) return 'on-break';
  return 'on-shift';
}

/** Reads the answer of GET /rider-app/shift/ (null, the shift, or {shift}). */
export function shiftOf(body: unknown): RiderShiftInfo | null {
  if (!body || typeof body !== 'object') return null;
  const s = ('shift' in body ? (body as { shift: unknown }).shift : body) as RiderShiftInfo | null;
  return s && typeof s.id === 'number' && s.startDatetime && s.endDatetime ? s : null;
}

const CHECK_ON_PLAN_MS = 60_000;
const CHECK_WITHOUT_PLAN_MS = 5 * MINUTE;

/**
 * Follows one rider's shifts through the rider API: asks for the current or next shift (every
 * minute while it has one, every five minutes otherwise), keeps one plan per shift and sees the
 * breaks a dispatcher gives.
 */
export class ShiftTracker {
  private plan: ShiftPlan | null = null;
  private breakEndsAt: number | null = null;
  private checkedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly fetchShift: () => Promise<unknown>,
    private readonly rng: Rng,
    private readonly log: (msg: string) => void,
  ) {}

  get startPoint(): Point | null {
    return this.plan?.startPoint ?? null;
  }

  async phase(now: number): Promise<ShiftPhase> {
    const every = this.plan ? CHECK_ON_PLAN_MS : CHECK_WITHOUT_PLAN_MS;
    if (now - this.checkedAt >= every) await this.refresh(now);
    return phaseAt(this.plan, now, this.breakEndsAt);
  }

  private async refresh(now: number): Promise<void> {
    this.checkedAt = now;
    let shift: RiderShiftInfo | null;
    try {
      shift = shiftOf(await this.fetchShift());
    } catch {
      return; // counted by ApiClient; the old plan holds until the next check
    }
    if (!shift) {
      // Ended, or taken off the schedule: nothing to keep.
      this.plan = null;
      this.breakEndsAt = null;
      return;
    }
    this.breakEndsAt = shift.breakEndsAt ? Date.parse(shift.breakEndsAt) : null;
    if (this.plan?.shiftId === shift.id) return;
    this.plan = planShift(shift, pickPersona(this.rng), this.rng, now);
    const when =
      this.plan.onlineAt === null ? 'not at all' : new Date(this.plan.onlineAt).toISOString();
    this.log(`shift ${shift.id} (${this.plan.persona}): online ${when}`);
  }
}
