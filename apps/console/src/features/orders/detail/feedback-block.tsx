import { STAR_COUNT } from '@dastak/core/constants';
import type { Order } from '@dastak/core/entities/orders';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessage, IconStar } from '@tabler/icons-react';
import { DetailCard } from './detail-card';
import { CustomerFeedbackDialog, RiderFeedbackDialog } from './feedback-dialogs';

function summary(done: boolean | undefined, stars: number | null | undefined): string {
  if (done === undefined) return 'None';
  if (!done) return 'Not answered yet';
  return stars ? `${stars} of ${STAR_COUNT} stars` : 'Answered';
}

/** The customer's review and the rider's feedback on the patient, each opening its dialog. */
export function FeedbackBlock({ order }: { order: Order }) {
  const [reviewOpen, review] = useDisclosure(false);
  const [riderOpen, rider] = useDisclosure(false);
  const hasReview = !!order.review?.isComplete;
  const hasRiderFeedback = !!order.riderToPatientFeedback?.isComplete;
  return (
    <DetailCard title="Feedback">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              Customer review
            </Text>
            <Text size="xs" c="dimmed">
              {summary(order.review?.isComplete, order.review?.overallStarRating)}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconStar size={14} />}
            disabled={!hasReview}
            onClick={review.open}
          >
            Review Details
          </Button>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              Rider feedback
            </Text>
            <Text size="xs" c="dimmed">
              {summary(
                order.riderToPatientFeedback?.isComplete,
                order.riderToPatientFeedback?.overallStarRating,
              )}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconMessage size={14} />}
            disabled={!hasRiderFeedback}
            onClick={rider.open}
          >
            Rider Feedback
          </Button>
        </Group>
      </Stack>
      {hasReview && (
        <CustomerFeedbackDialog order={order} opened={reviewOpen} onClose={review.close} />
      )}
      {hasRiderFeedback && (
        <RiderFeedbackDialog order={order} opened={riderOpen} onClose={rider.close} />
      )}
    </DetailCard>
  );
}
