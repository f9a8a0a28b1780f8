import { emptyOrderFilters, type Toggle } from '@dastak/core/rules/order-filters';
import { FULFILLMENT_METHODS, type OrderState, type Vertical } from '@dastak/core/states';
import { Checkbox, Loader, Select, Stack } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import { PickupWindowFilterPanel } from '../../../components/filter-panel/pickup-window-filter-panel';
import { YesNoFilter } from '../../../components/filter-panel/yes-no-filter';
import { sameRegions } from '../../../components/region-checklist/region-selection';
import { useOrderStatesQuery } from '../api/get-order-states';
import { useAddressTypesQuery } from './filter-options/get-address-types';
import { useProblemStringsQuery } from './filter-options/get-problem-strings';
import { useRiderOptionsQuery } from './filter-options/get-rider-options';
import { useStaffOptionsQuery } from './filter-options/get-staff-options';
import { emptyListExtras, type OrdersListFilters } from './list-filters';
import { VerticalRegionChecklist } from './region-checklist';

type ToggleKey = {
  [K in keyof OrdersListFilters]: OrdersListFilters[K] extends Toggle ? K : never;
}[keyof OrdersListFilters];

/** The yes/no groups of spec §2.3, in its order; covid is blood only. */
const TOGGLES: { key: ToggleKey; label: string; bloodOnly?: boolean }[] = [
  { key: 'needsReview', label: 'Needs Review' },
  { key: 'wasAutoAssigned', label: 'Auto Assigned' },
  { key: 'wasManualAssigned', label: 'Manually Assigned' },
  { key: 'isCovid', label: 'COVID', bloodOnly: true },
  { key: 'followUp', label: 'Follow Up' },
  { key: 'isFollowUpAddressed', label: 'Follow Up Addressed' },
  { key: 'isUnverifiedByRider', label: 'Unverified By Rider' },
  { key: 'isFasting', label: 'Fasting' },
  { key: 'urgentDelivery', label: 'Urgent Delivery' },
  { key: 'isMedicineAndSpecificTime', label: 'Medicine And Specific Time' },
  { key: 'isOnline', label: 'Online' },
  { key: 'isWildcard', label: 'Wildcard' },
];

const FULFILLMENT_OPTIONS = FULFILLMENT_METHODS.map((value) => ({
  value,
  label: value === 'online' ? 'Online' : 'Offline',
}));

/** 'Has more than N follow-ups': N from 1 to 10. */
const FOLLOW_UP_OPTIONS = Array.from({ length: 10 }, (_, i) => String(i + 1));

const idOrNull = (value: string | null) => (value ? Number(value) : null);

/**
 * The orders filter side panel (spec §2.3, §5). Loaded on first open (default export for
 * React.lazy), so the date pickers and selects stay out of the list's first download.
 */
export default function OrderFilterPanel({
  vertical,
  ...panel
}: {
  vertical: Vertical;
  opened: boolean;
  applied: OrdersListFilters;
  onClose: () => void;
  onApply: (filters: OrdersListFilters) => void;
}) {
  return (
    <PickupWindowFilterPanel
      {...panel}
      reset={(draft) => ({
        ...emptyOrderFilters(),
        ...emptyListExtras(),
        search: draft.search,
        sorting: draft.sorting,
      })}
    >
      {(draft, setDraft) => (
        <OrderFilterFields
          vertical={vertical}
          opened={panel.opened}
          draft={draft}
          setDraft={setDraft}
        />
      )}
    </PickupWindowFilterPanel>
  );
}

/** Every control below the pickup window; the option lists load while the panel is open. */
function OrderFilterFields({
  vertical,
  opened,
  draft,
  setDraft,
}: {
  vertical: Vertical;
  opened: boolean;
  draft: OrdersListFilters;
  setDraft: Dispatch<SetStateAction<OrdersListFilters>>;
}) {
  const set = <K extends keyof OrdersListFilters>(key: K, value: OrdersListFilters[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const states = useOrderStatesQuery(vertical, opened);
  const addressTypes = useAddressTypesQuery(vertical, opened);
  const problems = useProblemStringsQuery(vertical, opened);
  const riders = useRiderOptionsQuery(draft.regions, opened);
  const staff = useStaffOptionsQuery(opened);

  return (
    <>
      <VerticalRegionChecklist
        vertical={vertical}
        selection={draft}
        onChange={(selection) =>
          setDraft((d) => ({
            ...d,
            ...selection,
            // Riders belong to regions: another set of regions makes the rider filter stale.
            rider: sameRegions(d.regions, selection.regions) ? d.rider : null,
          }))
        }
      />
      <Checkbox.Group
        label="States"
        value={draft.states}
        onChange={(values) => set('states', values as OrderState[])}
      >
        {states.isPending && opened && <Loader size="xs" mt="xs" aria-label="Loading states" />}
        <Stack gap={6} mt={6}>
          {(states.data ?? []).map((option) => (
            <Checkbox key={option.value} value={option.value} label={option.label} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Checkbox.Group
        label="Address Types"
        value={draft.addressTypes.map(String)}
        onChange={(values) => set('addressTypes', values.map(Number))}
      >
        <Stack gap={6} mt={6}>
          {(addressTypes.data ?? []).map((type) => (
            <Checkbox key={type.id} value={String(type.id)} label={type.text} />
          ))}
        </Stack>
      </Checkbox.Group>
      {TOGGLES.filter((t) => !t.bloodOnly || vertical === 'blood').map((toggle) => (
        <YesNoFilter
          key={toggle.key}
          label={toggle.label}
          value={draft[toggle.key]}
          onChange={(value) => set(toggle.key, value)}
        />
      ))}
      <Select
        label="Problem"
        placeholder="Any problem"
        clearable
        searchable
        data={(problems.data ?? []).map((p) => ({ value: String(p.id), label: p.text }))}
        value={draft.problemString === null ? null : String(draft.problemString)}
        onChange={(value) => set('problemString', idOrNull(value))}
      />
      <Select
        label="Rider"
        placeholder="Any rider"
        clearable
        searchable
        limit={50}
        nothingFoundMessage="No riders"
        data={(riders.data ?? []).map((r) => ({
          value: String(r.id),
          label: `${r.firstName} ${r.lastName}`.trim(),
        }))}
        value={draft.rider === null ? null : String(draft.rider)}
        onChange={(value) => set('rider', idOrNull(value))}
      />
      <Select
        label="Created By"
        placeholder="Anyone"
        clearable
        searchable
        limit={50}
        data={(staff.data ?? []).map((s) => ({ value: String(s.id), label: s.fullName }))}
        value={draft.createdBy === null ? null : String(draft.createdBy)}
        onChange={(value) => set('createdBy', idOrNull(value))}
      />
      <Select
        label="Fulfillment Method"
        placeholder="Any method"
        clearable
        data={FULFILLMENT_OPTIONS}
        value={draft.fulfillmentMethod || null}
        onChange={(value) =>
          set('fulfillmentMethod', value === 'online' || value === 'offline' ? value : '')
        }
      />
      <Select
        label="Has More Than N Follow Ups"
        placeholder="Any number"
        clearable
        data={FOLLOW_UP_OPTIONS}
        value={draft.moreThanFollowUps === null ? null : String(draft.moreThanFollowUps)}
        onChange={(value) => set('moreThanFollowUps', idOrNull(value))}
      />
    </>
  );
}
