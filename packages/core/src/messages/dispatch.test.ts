import { describe, expect, it } from 'vitest';
import {
  explainAssignment,
  formatLateness,
  formatMinutes,
  formatScore,
  formatScoreBreakdown,
  type RiderChoice,
} from './dispatch';

const ali: RiderChoice = {
  riderId: 1,
  name: 'Ali Khan',
  score: 84.3,
  minutesAway: 11.6,
  lateMinutes: 0,
};
const sara: RiderChoice = {
  riderId: 2,
  name: 'Sara Ahmed',
  score: 71,
  minutesAway: 20.2,
  lateMinutes: 4.6,
};

describe('dispatch figures', () => {
  it('rounds scores to a tenth and minutes to whole minutes', () => {
    expect(formatScore(71)).toBe('71.0');
    expect(formatScore(84.25000001)).toBe('84.3');
    expect(formatMinutes(11.6)).toBe('12 min');
    expect(formatMinutes(null)).toBe('N/A');
  });

  it('never calls a late rider on time', () => {
    expect(formatLateness(0)).toBe('on time');
    expect(formatLateness(0.2)).toBe('1 min late');
    expect(formatLateness(4.6)).toBe('5 min late');
  });

  it('lists the score parts in the order of the weights', () => {
    expect(
      formatScoreBreakdown({ travel: 32.4, lateness: 30, load: 15, cellCoverage: 0, skills: 3 }),
    ).toBe('Travel 32.4 · Lateness 30.0 · Load 15.0 · Cell 0.0 · Skills 3.0');
  });
});

describe('explainAssignment', () => {
  it('names the rider, minutes away, lateness and the margin to the next best', () => {
    expect(explainAssignment({ chosen: ali, nextBest: sara })).toBe(
      'Auto-assigned Ali Khan: 12 min away, on time, score 84.3. ' +
        'Next best Sara Ahmed: 20 min away, 5 min late, score 71.0 (13.3 points lower).',
    );
  });

  it('says when the next best scored higher (the solver weighs the whole batch)', () => {
    const sentence = explainAssignment({ chosen: sara, nextBest: ali });
    expect(sentence).toContain('Auto-assigned Sara Ahmed: 20 min away, 5 min late, score 71.0.');
    expect(sentence).toContain('(13.3 points higher)');
  });

  it('says when nobody else could take the order', () => {
    expect(explainAssignment({ chosen: ali, nextBest: null })).toBe(
      'Auto-assigned Ali Khan: 12 min away, on time, score 84.3. No other rider could take it.',
    );
  });
});
