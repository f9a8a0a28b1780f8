import type { Toggle } from '@dastak/core/rules/order-filters';
import { Checkbox, Group } from '@mantine/core';

/**
 * A yes/no filter is a single-value toggle (spec §5): ticking Yes clears No and the other way
 * round; ticking the ticked one again clears the filter.
 */
export function YesNoFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Toggle;
  onChange: (value: Toggle) => void;
}) {
  const selected: string[] = value === '' ? [] : [value];
  return (
    <Checkbox.Group
      label={label}
      value={selected}
      onChange={(next) => {
        const added = next.find((v) => !selected.includes(v));
        onChange(added === 'true' || added === 'false' ? added : '');
      }}
    >
      <Group gap="lg" mt={6}>
        <Checkbox value="true" label="Yes" />
        <Checkbox value="false" label="No" />
      </Group>
    </Checkbox.Group>
  );
}
