import type { Region } from '@dastak/core/entities/locations';
import { STABILITY_MESSAGES } from '@dastak/core/messages/sample-stability';
import type { Vertical } from '@dastak/core/states';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SampleCountdown } from '../../../components/sample-countdown';
import { Tag } from '../../../components/tag';
import { orderDetailPath } from '../../../lib/order-paths';
import { formatPickupParts } from '../../../lib/pickup-text';
import { useSamplesInTransitQuery } from '../api/get-samples-in-transit';
import { AMBER } from './at-risk-group';
import { PanelCard } from './panel-card';
import { SideList, SideListStatus } from './side-list';

/**
 * 'Samples on the road' (docs/decisions/0048-sample-stability.md): every collected
 * sample of the region not yet at a centre, with its countdown. The ones the route model says
 * will reach the centre too late come first, in amber with the cause, so a dispatcher sees them
 * before the web push has to say so; each row opens the order.
 */
export function SamplesInTransitPanel({
  vertical,
  region,
}: {
  vertical: Vertical;
  region: Region;
}) {
  const samples = useSamplesInTransitQuery(vertical, region.id);
  const all = samples.data ?? [];
  // At risk first; within each group the server's order, soonest to expire first.
  const risky = all.filter((s) => s.atRisk);
  const rows = [...risky, ...all.filter((s) => !s.atRisk)];
  return (
    <PanelCard
      title={STABILITY_MESSAGES.IN_TRANSIT_TITLE}
      action={risky.length > 0 && <Tag color="orange">{`${risky.length} at risk`}</Tag>}
    >
      <SideListStatus
        query={samples}
        empty={all.length === 0}
        emptyText={STABILITY_MESSAGES.NONE_IN_TRANSIT}
      />
      {rows.length > 0 && (
        <SideList label="Samples in transit">
          {rows.map((sample) => {
            // Dimmed grey is too faint on amber (WCAG AA): the row's secondary text turns amber.
            const secondary = sample.atRisk ? AMBER.text : 'dimmed';
            return (
              <li
                key={sample.id}
                style={
                  sample.atRisk
                    ? {
                        background: AMBER.background,
                        borderLeft: `3px solid ${AMBER.border}`,
                        borderRadius: 4,
                      }
                    : undefined
                }
              >
                <Anchor
                  component={Link}
                  to={orderDetailPath(vertical, sample.id)}
                  underline="never"
                  c="inherit"
                  display="block"
                  py={6}
                  px="xs"
                >
                  <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600}>
                        {sample.number}
                      </Text>
                      <Text size="xs" c={secondary} truncate>
                        {sample.assignedRider.name}
                        {sample.collectionCenter ? ` · to ${sample.collectionCenter.name}` : ''}
                      </Text>
                      {sample.atRisk && sample.cause && (
                        <Text size="xs" c={AMBER.text}>
                          {sample.cause}
                        </Text>
                      )}
                    </Stack>
                    <Stack gap={2} align="flex-end" style={{ whiteSpace: 'nowrap' }}>
                      <SampleCountdown expiresAt={sample.sampleExpiresAt} />
                      {sample.estimatedArrival && (
                        <Text size="xs" c={secondary}>
                          ETA {formatPickupParts(sample.estimatedArrival).time}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Anchor>
              </li>
            );
          })}
        </SideList>
      )}
    </PanelCard>
  );
}
