import type { ScanType } from '@dastak/core/entities/catalog';
import type { LatLng } from '@dastak/core/entities/common';
import type { CustomerAddress } from '@dastak/core/entities/customer-addresses';
import type { OrderTimeSlot } from '@dastak/core/entities/lookups';
import type { PartialOrderDetail } from '@dastak/core/entities/partial-orders';
import type { Patient } from '@dastak/core/entities/patients';
import { slotIdOf } from '@dastak/core/rules/slot-id';
import type { Vertical } from '@dastak/core/states';
import { useQueries } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useEffect, useRef } from 'react';
import { scanTypeSearchQueryOptions } from '../orders/public';
import type { OrderDraft } from './order-payload';

/*
 * Converting a partial order fills what its banner shows (ADR 0058): the patient (the customer's
 * patient of that name, else the create form with the name), the address (the customer's saved
 * one with that text or pin, else the New Address dialog starts from it), the tests, and the slot
 * when it is still offered. Nothing is saved for the agent: they still press the buttons.
 */

const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** 'Hina Bibi Khan' -> Hina / Bibi Khan; one word is a first name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/** The customer's patient whose full name is the captured name (any case and spacing). */
export function matchPatient(patients: Patient[], name: string): Patient | null {
  const wanted = normal(name);
  if (!wanted) return null;
  return patients.find((p) => normal(`${p.firstName} ${p.lastName}`) === wanted) ?? null;
}

/** A captured pin this close to a saved address is that address. */
const SAME_PLACE_METRES = 30;

function metresBetween(a: LatLng, b: LatLng): number {
  const perDegree = 111_320;
  const dy = (a.latitude - b.latitude) * perDegree;
  const dx = (a.longitude - b.longitude) * perDegree * Math.cos((a.latitude * Math.PI) / 180);
  return Math.hypot(dx, dy);
}

/** The customer's saved address with the captured text, else the one at the captured pin. */
export function matchAddress(
  addresses: CustomerAddress[],
  partial: Pick<PartialOrderDetail, 'address' | 'latitude' | 'longitude'>,
): CustomerAddress | null {
  const text = normal(partial.address);
  const byText = text ? addresses.find((a) => normal(a.address) === text) : undefined;
  if (byText) return byText;
  const { latitude, longitude } = partial;
  if (latitude === null || longitude === null) return null;
  return (
    addresses.find((a) => metresBetween(a, { latitude, longitude }) <= SAME_PLACE_METRES) ?? null
  );
}

/** What the New Address dialog starts from when no saved address matched. */
export function partialAddressStart(partial: PartialOrderDetail) {
  return {
    cityId: partial.city?.id ?? null,
    address: partial.address,
    pin:
      partial.latitude !== null && partial.longitude !== null
        ? { latitude: partial.latitude, longitude: partial.longitude }
        : null,
  };
}

/**
 * The captured tests (codes or names, as the channel sent them) as catalogue tests: an exact
 * code or name match that may be taken at home. Null while the lookups are on their way.
 */
function usePartialTests(vertical: Vertical, captured: string[]): ScanType[] | null {
  const names = [...new Set(captured.map((t) => t.trim()).filter(Boolean))];
  const results = useQueries({
    queries: names.map((name) => scanTypeSearchQueryOptions(vertical, name)),
  });
  if (results.some((r) => r.isPending)) return null;
  const found = new Map<string, ScanType>();
  names.forEach((name, i) => {
    const hit = (results[i]?.data ?? []).find(
      (t) => normal(t.code) === normal(name) || normal(t.name) === normal(name),
    );
    if (hit?.isAllowed) found.set(hit.code, hit);
  });
  return [...found.values()];
}

/**
 * The tests, once, into an empty test list; and the captured slot whenever the slots offered for
 * the partial order's date hold it and none is chosen (the slot resets when region, date, address
 * or the covid flag change, and comes back if still offered), until the agent picks a slot.
 */
export function usePartialOrderFill({
  partial,
  vertical,
  draft,
  slots,
  setDraft,
}: {
  partial: PartialOrderDetail | undefined;
  vertical: Vertical;
  draft: OrderDraft;
  slots: OrderTimeSlot[] | undefined;
  setDraft: Dispatch<SetStateAction<OrderDraft>>;
}) {
  const tests = usePartialTests(vertical, partial?.tests ?? []);
  const testsApplied = useRef(false);
  useEffect(() => {
    if (!partial || tests === null || testsApplied.current) return;
    testsApplied.current = true;
    if (tests.length > 0) setDraft((d) => (d.tests.length > 0 ? d : { ...d, tests }));
  }, [partial, tests, setDraft]);

  /** The slot still wanted; null once the agent chose one or discarded the form. */
  const wantedSlot = useRef<{ date: string; slot: string } | null | undefined>(undefined);
  if (partial && wantedSlot.current === undefined) {
    wantedSlot.current = partial.date
      ? { date: partial.date, slot: slotIdOf(partial.pickup) }
      : null;
  }
  useEffect(() => {
    const wanted = wantedSlot.current;
    if (!wanted || draft.timeSlot !== null || draft.date !== wanted.date) return;
    if ((slots ?? []).some((s) => s.id === wanted.slot)) {
      setDraft((d) => (d.timeSlot === null ? { ...d, timeSlot: wanted.slot } : d));
    }
  }, [slots, draft.timeSlot, draft.date, setDraft]);

  return {
    /** The agent chose a slot (or emptied the form): the captured one is no longer pressed on. */
    forgetSlot: () => {
      wantedSlot.current = null;
    },
  };
}
