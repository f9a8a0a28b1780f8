import type { Region } from '@dastak/core/entities/locations';
import type { Vertical } from '@dastak/core/states';
import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { orderDetailPath } from '../../../lib/order-paths';
import { formatPickupParts } from '../../../lib/pickup-text';
import { useAtRiskOrdersQuery } from '../api/get-at-risk-orders';
import { pickupWindowOf } from './dashboard-today';
import { orderNumberMatches } from './order-number-match';

/** Amber, as at-risk orders are on the map: not late yet, but heading there. */
export const AMBER = { text: '#8a5300', background: '#fff4e0', border: '#f59f00' };

/**
 * 'At risk (N)' on top of the Late Orders tab (beyond the spec, ADR 0025): each row gives the
 * estimated arrival and why (the cause from the route model), and links to the order. Hidden
 * while there are none, so the tab reads as the spec's when nothing is at risk.
 */
export function AtRiskGroup({
  vertical,
  region,
  today,
  search,
}: {
  vertical: Vertical;
  region: Region;
  today: string;
  search: string;
}) {
  const atRisk = useAtRiskOrdersQuery(vertical, region.id, pickupWindowOf(today));
  const all = atRisk.data ?? [];
  if (all.length === 0) return null;
  const rows = all.filter((order) => orderNumberMatches(order.number, search));
  return (
    <Box
      component="section"
      aria-label={`At risk (${all.length})`}
      p="xs"
      style={{
        background: AMBER.background,
        borderLeft: `3px solid ${AMBER.border}`,
        borderRadius: 4,
      }}
    >
      <Text fw={700} size="sm" c={AMBER.text} mb={4}>
        At risk ({all.length})
      </Text>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map((order) => (
          <li key={order.id}>
            <Anchor
              component={Link}
              to={orderDetailPath(vertical, order.id)}
              underline="never"
              c="inherit"
              display="block"
              py={4}
            >
              <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {order.number}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {order.assignedRider.name}
                  </Text>
                  <Text size="xs" c={AMBER.text}>
                    {order.cause}
                  </Text>
                </Stack>
                <Stack gap={0} align="flex-end" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="xs" c={AMBER.text} fw={600}>
                    ETA {formatPickupParts(order.estimatedArrival).time}
                  </Text>
                  <Text size="xs" c={AMBER.text}>
                    {order.minutesLate} {order.minutesLate === 1 ? 'min' : 'mins'} late
                  </Text>
                </Stack>
              </Group>
            </Anchor>
          </li>
        ))}
      </ul>
    </Box>
  );
}
