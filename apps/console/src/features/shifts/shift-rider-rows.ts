import type { ShiftRiderAssignment } from '@dastak/core/entities/shifts';
import { useState } from 'react';

export type ShiftRiderRow = {
  /** Stable React key: the assignment id once saved, the rider id before. */
  key: string;
  assignmentId: number | null;
  rider: ShiftRiderAssignment['rider'];
  hotspot: number | null;
  allowBreak: boolean;
  /** Not on the server yet, or its hotspot changed since it was saved. */
  unsaved: boolean;
};

/**
 * The detail's rider table: riders added here and not yet saved come first (spec §4: add puts one
 * first), then the saved ones with any hotspot changed here but not saved.
 */
export function useShiftRiderRows(saved: readonly ShiftRiderAssignment[]) {
  const [added, setAdded] = useState<ShiftRiderRow[]>([]);
  const [edits, setEdits] = useState<ReadonlyMap<number, number | null>>(new Map());

  const savedRows: ShiftRiderRow[] = saved.map((a) => {
    const hotspot = edits.has(a.id) ? (edits.get(a.id) ?? null) : a.hotspot;
    return {
      key: `a${a.id}`,
      assignmentId: a.id,
      rider: a.rider,
      hotspot,
      allowBreak: a.allowBreak,
      unsaved: hotspot !== a.hotspot,
    };
  });
  const rows = [...added, ...savedRows];

  return {
    rows,
    hasUnsaved: rows.some((r) => r.unsaved),
    has: (riderId: number) => rows.some((r) => r.rider.id === riderId),
    add: (rider: ShiftRiderRow['rider']) =>
      setAdded((list) => [
        {
          key: `r${rider.id}`,
          assignmentId: null,
          rider,
          hotspot: null,
          allowBreak: true,
          unsaved: true,
        },
        ...list,
      ]),
    setHotspot: (row: ShiftRiderRow, hotspot: number | null) => {
      if (row.assignmentId === null) {
        setAdded((list) => list.map((r) => (r.key === row.key ? { ...r, hotspot } : r)));
      } else {
        const id = row.assignmentId;
        setEdits((map) => new Map(map).set(id, hotspot));
      }
    },
    /** Forgets the local state of a row: after it is saved or removed. */
    settle: (row: ShiftRiderRow) => {
      if (row.assignmentId === null) setAdded((list) => list.filter((r) => r.key !== row.key));
      else {
        const id = row.assignmentId;
        setEdits((map) => {
          const next = new Map(map);
          next.delete(id);
          return next;
        });
      }
    },
  };
}
