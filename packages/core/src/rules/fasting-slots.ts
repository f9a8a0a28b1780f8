/**
 * Fasting patients go without food from the night before until the sample is taken, so the
 * create form offers them the morning first (docs/decisions/0047-fasting-priority.md).
 * Slots starting before this hour (Asia/Karachi) are the morning; 11:00 is when a patient who
 * stopped eating the evening before passes the 12-14 hours most fasting tests allow.
 */
export const FASTING_MORNING_CUTOFF_HOUR = 11;

/** A slot id is its Karachi start time 'HH:mm' (entities/lookups). */
export function isMorningSlot(slotId: string): boolean {
  return Number(slotId.slice(0, 2)) < FASTING_MORNING_CUTOFF_HOUR;
}

/** Morning slots first, each part keeping its own order (a stable partition). */
export function morningSlotsFirst<T extends { id: string }>(slots: readonly T[]): T[] {
  return [
    ...slots.filter((s) => isMorningSlot(s.id)),
    ...slots.filter((s) => !isMorningSlot(s.id)),
  ];
}
