import { Select } from '@mantine/core';

/**
 * The region or city selector: 'loading...' until one is chosen (spec §2.5), then the chosen
 * one's name; picking another switches the dashboard.
 */
export function PlaceSelector({
  label,
  places,
  selectedId,
  onSelect,
}: {
  label: string;
  places: readonly { id: number; name: string }[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <Select
      aria-label={label}
      placeholder="loading..."
      data={places.map((p) => ({ value: String(p.id), label: p.name }))}
      value={selectedId === null ? null : String(selectedId)}
      onChange={(value) => value && onSelect(Number(value))}
      allowDeselect={false}
      searchable
      w={220}
      size="sm"
      comboboxProps={{ zIndex: 1100 }}
    />
  );
}
