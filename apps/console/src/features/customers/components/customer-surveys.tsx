import { STAR_COUNT } from '@dastak/core/constants';
import type { CustomerSurvey } from '@dastak/core/entities/feedback';
import { EMPTY } from '@dastak/core/messages';
import { LINK_MESSAGES } from '@dastak/core/messages/customer-links';
import { PERMISSIONS } from '@dastak/core/permissions';
import { STAR_TITLES, type SurveyForm } from '@dastak/core/states';
import {
  Anchor,
  Button,
  Center,
  Collapse,
  Group,
  Loader,
  Menu,
  Modal,
  Paper,
  Rating,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronDown, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { formatWhen, LastMessage, LinkStateTag } from '../../../components/customer-link-parts';
import { Tag } from '../../../components/tag';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { showSuccessToast } from '../../../lib/toast';
import { useHasPermission } from '../../../lib/use-session';
import { useCustomerOrderHistoryQuery } from '../api/get-customer-order-history';
import { useCustomerSurveysQuery } from '../api/get-customer-surveys';
import { useResendCustomerSurveyMutation } from '../api/resend-customer-survey';
import { useSendCustomerSurveyMutation } from '../api/send-customer-survey';

const FORMS: readonly SurveyForm[] = ['physicalVisit', 'croFeedback'];

/** 'Send survey': pick the form from the menu, optionally the order it is about, then send. */
function SendSurveyButton({ customerId }: { customerId: number }) {
  const [form, setForm] = useState<SurveyForm | null>(null);
  const [order, setOrder] = useState<string | null>(null);
  const [key, setKey] = useState('');
  const send = useSendCustomerSurveyMutation(customerId);
  const history = useCustomerOrderHistoryQuery(customerId);
  const orders = history.data?.pages.flatMap((p) => p.results).slice(0, 20) ?? [];
  const open = (f: SurveyForm) => {
    setForm(f);
    setOrder(null);
    setKey(newIdempotencyKey());
  };
  const close = () => setForm(null);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconSend size={14} />}
            rightSection={<IconChevronDown size={14} />}
          >
            Send survey
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {FORMS.map((f) => (
            <Menu.Item key={f} onClick={() => open(f)}>
              {LINK_MESSAGES.SURVEY_FORM_LABELS[f]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={form !== null}
        onClose={close}
        title={form ? `Send ${LINK_MESSAGES.SURVEY_FORM_LABELS[form]}` : ''}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            The customer gets a text message with a link to the form; it is valid for 48 hours.
          </Text>
          <Select
            label="About order (optional)"
            placeholder={orders.length ? 'No particular order' : 'No orders'}
            data={orders.map((o) => ({ value: String(o.id), label: o.number }))}
            value={order}
            onChange={setOrder}
            clearable
            searchable
            disabled={orders.length === 0}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              loading={send.isPending}
              onClick={() => {
                if (!form) return;
                send.mutate(
                  { body: { form, ...(order ? { order: Number(order) } : {}) }, key },
                  {
                    onSuccess: () => {
                      showSuccessToast(LINK_MESSAGES.SURVEY_SENT);
                      close();
                    },
                  },
                );
              }}
            >
              Send
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function Answers({ survey }: { survey: CustomerSurvey }) {
  if (survey.answers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No answers
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="survey-answers">
      {survey.answers.map((a) => {
        const stars = a.type === 'STAR_RATING' ? Number(a.answer) || 0 : null;
        return (
          <Stack key={a.question} gap={2}>
            <Text size="sm" fw={600}>
              {a.text}
            </Text>
            {stars !== null ? (
              <Group
                gap="xs"
                role="img"
                aria-label={`${a.text}: ${stars} of ${STAR_COUNT}`}
                wrap="nowrap"
              >
                <Rating value={stars} count={STAR_COUNT} readOnly size="sm" />
                <Text size="xs" c="dimmed">
                  {stars ? STAR_TITLES[stars - 1] : 'Not rated'}
                </Text>
              </Group>
            ) : (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {a.answer || EMPTY.DASHES}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

/** Texts the survey's link again while it is open (sent or opened); never shows the link. */
function ResendButton({
  customerId,
  survey,
  label,
}: {
  customerId: number;
  survey: CustomerSurvey;
  label: string;
}) {
  const resend = useResendCustomerSurveyMutation(customerId);
  const open =
    !survey.isComplete && (survey.link.state === 'sent' || survey.link.state === 'opened');
  return (
    <Button
      size="compact-xs"
      variant="default"
      leftSection={<IconSend size={12} />}
      aria-label={`Resend ${label}`}
      disabled={!open}
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(survey.id, {
          onSuccess: () => showSuccessToast(LINK_MESSAGES.MESSAGE_RESENT),
        })
      }
    >
      Resend
    </Button>
  );
}

function SurveyRow({
  customerId,
  survey,
  canResend,
}: {
  customerId: number;
  survey: CustomerSurvey;
  canResend: boolean;
}) {
  const [open, setOpen] = useState(false);
  const label = LINK_MESSAGES.SURVEY_FORM_LABELS[survey.form];
  // The interaction's own flag wins: a survey answered is completed whatever its link says.
  const state = survey.isComplete ? 'completed' : survey.link.state;
  return (
    <Stack
      gap={4}
      py={8}
      data-testid="customer-survey"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600}>
            {label}
          </Text>
          <LinkStateTag state={state} />
          {survey.isSatisfied === true && <Tag color="teal">Satisfied</Tag>}
          {survey.isSatisfied === false && <Tag color="orange">Not satisfied</Tag>}
        </Group>
        {canResend && <ResendButton customerId={customerId} survey={survey} label={label} />}
      </Group>
      <Text size="xs" c="dimmed">
        Sent {formatWhen(survey.link.created)}
        {survey.order ? ` · order ${survey.order.number}` : ''}
        {survey.isComplete && survey.submittedAt
          ? ` · answered ${formatWhen(survey.submittedAt)}`
          : survey.link.openedAt && !survey.link.isExpired
            ? ` · opened ${formatWhen(survey.link.openedAt)}`
            : survey.link.expiresAt
              ? ` · ${survey.link.isExpired ? 'expired' : 'valid until'} ${formatWhen(survey.link.expiresAt)}`
              : ''}
      </Text>
      <LastMessage link={survey.link} />
      {survey.isComplete && (
        <>
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="left"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide answers' : `Show answers (${survey.answers.length})`}
          </Anchor>
          <Collapse in={open}>
            <Paper withBorder radius="sm" p="sm" bg="gray.0">
              <Answers survey={survey} />
            </Paper>
          </Collapse>
        </>
      )}
    </Stack>
  );
}

/** The customer detail's 'Surveys' (ADR 0038): send a survey; each one sent, its state, answers. */
export function CustomerSurveys({ customerId }: { customerId: number }) {
  const query = useCustomerSurveysQuery(customerId);
  const canSend = useHasPermission(PERMISSIONS.CAN_CHANGE_CUSTOMER);
  const surveys = query.data ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Surveys">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          Surveys
        </Title>
        {canSend && <SendSurveyButton customerId={customerId} />}
      </Group>
      {query.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading surveys" />
        </Center>
      ) : query.isError ? (
        <Text size="sm" c="dimmed">
          Surveys could not be loaded
        </Text>
      ) : surveys.length === 0 ? (
        <Text size="sm" c="dimmed">
          No survey sent yet
        </Text>
      ) : (
        <Stack gap={0}>
          {surveys.map((s) => (
            <SurveyRow key={s.id} customerId={customerId} survey={s} canResend={canSend} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
