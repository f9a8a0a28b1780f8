import type { ShiftRiderAssignment } from '@dastak/core/entities/shifts';
import { useState } from 'react';

export type ShiftRiderRow = {
  /** Stable React key: the assignment id once saved, the rider id before. */
  key: string;
  assignmentId: number | null;
  rider: ShiftRiderAssignment['rider'];
  hotspot: number | null;
  allowBreak: boolean;
  /** Not on the server yet, or its hotspot or break changed since it was saved. */
  unsaved: boolean;
};

type Edit = { hotspot: number | null; allowBreak: boolean };

/**
 * The detail's rider table: riders added here and not yet saved come first (spec §4: add puts one
 * first), then the saved ones with any hotspot or break setting changed here but not saved.
 */
export function useShiftRiderRows(saved: readonly ShiftRiderAssignment[]) {
  const [added, setAdded] = useState<ShiftRiderRow[]>([]);
  const [edits, setEdits] = useState<ReadonlyMap<number, Edit>>(new Map());

  const savedRows: ShiftRiderRow[] = saved.map((a) => {
    const edit = edits.get(a.id);
    const hotspot = edit ? edit.hotspot : a.hotspot;
    const allowBreak = edit ? edit.allowBreak : a.allowBreak;
    return {
      key: `a${a.id}`,
      assignmentId: a.id,
      rider: a.rider,
      hotspot,
      allowBreak,
      unsaved: hotspot !== a.hotspot || allowBreak !== a.allowBreak,
    };
  });
  const rows = [...added, ...savedRows];

  const change = (row: ShiftRiderRow, next: Partial<Edit>) => {
    if (row.assignmentId === null) {
      setAdded((list) => list.map((r) => (r.key === row.key ? { ...r, ...next } : r)));
    } else {
      const id = row.assignmentId;
      setEdits((map) =>
        new Map(map).set(id, {
          hotspot: next.hotspot !== undefined ? next.hotspot : row.hotspot,
          allowBreak: next.allowBreak ?? row.allowBreak,
        }),
      );
    }
  };

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
    setHotspot: (row: ShiftRiderRow, hotspot: number | null) => change(row, { hotspot }),
    setAllowBreak: (row: ShiftRiderRow, allowBreak: boolean) => change(row, { allowBreak }),
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
