import type { Order } from '@dastak/core/entities/orders';
import { Box, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { orderPins } from './order-pins';

const PinActivityMap = lazy(() => import('./pin-activity-map'));

/** The pin activity map of spec §2.7 is 832 by 530. */
export const PIN_DIALOG_WIDTH = 832;
export const PIN_MAP_HEIGHT = 530;

/**
 * 'Pin activity': the Collection Pin and, if present, the Google Pin, each with its address. The
 * addresses are listed under the map: pins a few metres apart would hide each other's labels.
 */
export function PinActivityDialog({
  order,
  opened,
  onClose,
}: {
  order: Order;
  opened: boolean;
  onClose: () => void;
}) {
  const pins = orderPins(order);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Pin Activity"
      size={PIN_DIALOG_WIDTH}
      centered
      padding={0}
      styles={{ header: { paddingInline: 'var(--mantine-spacing-md)' } }}
    >
      {opened && (
        <Suspense
          fallback={
            <Center h={PIN_MAP_HEIGHT}>
              <Loader size="sm" aria-label="Loading map" />
            </Center>
          }
        >
          <PinActivityMap pins={pins} height={PIN_MAP_HEIGHT} />
        </Suspense>
      )}
      <Stack gap={6} p="md" component="ul" m={0} style={{ listStyle: 'none' }} aria-label="Pins">
        {pins.map((pin) => (
          <Group key={pin.key} gap="xs" wrap="nowrap" component="li">
            <Box
              w={20}
              h={20}
              bg={pin.color}
              c="white"
              fz={11}
              fw={700}
              ta="center"
              lh="20px"
              style={{ borderRadius: '50%', flex: 'none' }}
              aria-hidden
            >
              {pin.letter}
            </Box>
            <Text size="sm" fw={600} style={{ flex: 'none' }}>
              {pin.label}
            </Text>
            <Text size="sm" c="dimmed">
              {pin.detail}
            </Text>
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}
