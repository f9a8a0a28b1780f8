import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A centred full-message page: not found, no permission, crashed. */
export function MessagePage({
  icon,
  title,
  text,
  action = { label: 'Go to dashboard', to: '/blood/dashboard' },
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: { label: string; to: string } | null;
}) {
  useDocumentTitle(`${title} · Dastak`);
  return (
    <Center mih="70vh" p="xl">
      <Stack align="center" gap="md" maw={460} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        {action && (
          <Button component={Link} to={action.to} variant="light">
            {action.label}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
