/*
 * How dispatch figures read, in one place: the assign dialog's score column and tooltip and the
 * auto-assignment's explanation in the order activity format the same numbers with
 * the same rounding, so a dispatcher comparing the two sees the same figures. Kept apart from
 * messages.ts (docs/decisions/0042-feature-messages.md).
 */

import { EMPTY } from '../messages';

/** Parts of a rider's score (the server's SCORE_WEIGHTS keys), points each. */
export interface ScoreParts {
  travel: number;
  lateness: number;
  load: number;
  cellCoverage: number;
  skills: number;
}

/** A score to one decimal, as the dialog shows it: 84.3. */
export const formatScore = (score: number) => roundTenth(score).toFixed(1);

/** Minutes on the road or at the door, whole: '12 min'; null (no position) reads 'N/A'. */
export const formatMinutes = (minutes: number | null) =>
  minutes == null ? EMPTY.NA : `${Math.round(minutes)} min`;

/**
 * 'on time' or 'N min late'. Any lateness reads as at least 1 min: a rider the dialog lists
 * under Late never reads 'on time' here.
 */
export const formatLateness = (lateMinutes: number) =>
  lateMinutes > 0 ? `${Math.max(1, Math.round(lateMinutes))} min late` : 'on time';

/** The dialog's score tooltip: where the points come from. */
export const formatScoreBreakdown = (b: ScoreParts) =>
  [
    `Travel ${formatScore(b.travel)}`,
    `Lateness ${formatScore(b.lateness)}`,
    `Load ${formatScore(b.load)}`,
    `Cell ${formatScore(b.cellCoverage)}`,
    `Skills ${formatScore(b.skills)}`,
  ].join(' · ');

/** One rider as the explanation weighs it: the figures of the rider's row in the assign dialog. */
export interface RiderChoice {
  riderId: number;
  name: string;
  score: number;
  /** Minutes on the road to the order; null without a position. */
  minutesAway: number | null;
  lateMinutes: number;
}

export interface AssignmentExplanation {
  chosen: RiderChoice;
  /** The best-ranked other rider who could take the order; null when there was none. */
  nextBest: RiderChoice | null;
}

const roundTenth = (x: number) => Math.round(x * 10) / 10;

const away = (c: RiderChoice) =>
  c.minutesAway == null ? 'position unknown' : `${formatMinutes(c.minutesAway)} away`;

/** How the next best compares, in points: '13.3 points lower' (the solver may pick a lower one). */
function margin(chosen: RiderChoice, next: RiderChoice): string {
  const diff = roundTenth(chosen.score - next.score);
  if (diff === 0) return 'the same score';
  return `${formatScore(Math.abs(diff))} points ${diff > 0 ? 'lower' : 'higher'}`;
}

/**
 * The activity sentence of an automatic assignment, e.g. "Auto-assigned Ali Khan: 12 min away,
 * on time, score 84.3. Next best Sara Ahmed: 20 min away, 5 min late, score 71.0 (13.3 points
 * lower)."
 */
export function explainAssignment({ chosen, nextBest }: AssignmentExplanation): string {
  const first = `Auto-assigned ${chosen.name}: ${away(chosen)}, ${formatLateness(chosen.lateMinutes)}, score ${formatScore(chosen.score)}.`;
  if (!nextBest) return `${first} No other rider could take it.`;
  return `${first} Next best ${nextBest.name}: ${away(nextBest)}, ${formatLateness(nextBest.lateMinutes)}, score ${formatScore(nextBest.score)} (${margin(chosen, nextBest)}).`;
}
