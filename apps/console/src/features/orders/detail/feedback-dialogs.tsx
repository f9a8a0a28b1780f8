import { STAR_COUNT, WAIT_TIME_MAX, WAIT_TIME_MIN } from '@dastak/core/constants';
import type { Order } from '@dastak/core/entities/orders';
import { EMPTY } from '@dastak/core/messages';
import { STAR_TITLES } from '@dastak/core/states';
import { Group, Modal, Rating, Slider, Stack, Text } from '@mantine/core';

function Stars({ label, value }: { label: string; value: number | null }) {
  const title = value ? STAR_TITLES[value - 1] : 'Not rated';
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group
        gap="xs"
        wrap="nowrap"
        aria-label={`${label}: ${value ?? 0} of ${STAR_COUNT}`}
        role="img"
      >
        <Rating value={value ?? 0} count={STAR_COUNT} readOnly />
        <Text size="xs" c="dimmed" w={64}>
          {title}
        </Text>
      </Group>
    </Group>
  );
}

function FeedbackText({ text }: { text: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        Feedback
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {text || EMPTY.DASHES}
      </Text>
    </Stack>
  );
}

type DialogProps = { order: Order; opened: boolean; onClose: () => void };

/** 'Customer Feedback' (spec §2.7): order label, Overall / On Time Pickup / Representative, text. */
export function CustomerFeedbackDialog({ order, opened, onClose }: DialogProps) {
  const review = order.review;
  return (
    <Modal opened={opened} onClose={onClose} title="Customer Feedback" centered>
      {review && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Order {order.number}
          </Text>
          <Stars label="Overall" value={review.overallStarRating} />
          <Stars label="On Time Pickup" value={review.onTimeStarRating} />
          <Stars label="Representative" value={review.riderStarRating} />
          <FeedbackText text={review.feedbackText} />
        </Stack>
      )}
    </Modal>
  );
}

/** 'Rider Feedback for Patient' (spec §2.7): stars, Wait Time (1-60 min, read-only), text. */
export function RiderFeedbackDialog({ order, opened, onClose }: DialogProps) {
  const feedback = order.riderToPatientFeedback;
  return (
    <Modal opened={opened} onClose={onClose} title="Rider Feedback for Patient" centered>
      {feedback && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Order {order.number}
          </Text>
          <Stars label="Overall" value={feedback.overallStarRating} />
          <Stars label="Patient Behavior" value={feedback.patientBehaviorStarRating} />
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                Wait Time
              </Text>
              <Text size="sm" data-testid="wait-time">
                {feedback.waitTimeMins == null ? EMPTY.NA : `${feedback.waitTimeMins} minutes`}
              </Text>
            </Group>
            <Slider
              min={WAIT_TIME_MIN}
              max={WAIT_TIME_MAX}
              value={feedback.waitTimeMins ?? WAIT_TIME_MIN}
              // Read-only: controlled with no onChange, so the thumb shows the answer and stays put
              // (a disabled Mantine slider hides its thumb).
              thumbLabel="Wait Time in minutes"
              label={(v) => `${v} min`}
              labelAlwaysOn
              styles={{ thumb: { cursor: 'default' }, track: { cursor: 'default' } }}
              marks={[
                { value: WAIT_TIME_MIN, label: `${WAIT_TIME_MIN}` },
                { value: WAIT_TIME_MAX, label: `${WAIT_TIME_MAX}` },
              ]}
              mt="xl"
              mb="md"
            />
          </Stack>
          <FeedbackText text={feedback.feedbackText} />
        </Stack>
      )}
    </Modal>
  );
}
