import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../../../components/logo';

/** The frame shared by login and the password pages: logo, a heading and one card. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Center mih="100vh" bg="gray.0" px="md" component="main">
      <Box w="100%" maw={420}>
        <Center mb="lg">
          <Logo size="lg" />
        </Center>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          <Stack gap={4} mb="lg">
            <Title order={1} fz="h3">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Paper>
      </Box>
    </Center>
  );
}
