import { APP_VERSION } from '@dastak/core/constants';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { RELEASES } from '../changelog';
import { MarkdownView } from './markdown-view';

/** /release-notes: the project's CHANGELOG.md, newest release first. */
export function ReleaseNotesPage() {
  useDocumentTitle('Release Notes · Dastak');
  return (
    <Stack gap="lg" p="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          Release Notes
        </Title>
        <Text c="dimmed" size="sm">
          You are running Dastak <strong>v{APP_VERSION}</strong>. Newest changes first.
        </Text>
      </Stack>
      {RELEASES.map((release) => {
        const unreleased = release.version.toLowerCase() === 'unreleased';
        const name = unreleased ? 'Unreleased' : `v${release.version}`;
        return (
          <Paper
            key={release.version}
            component="section"
            aria-label={name}
            withBorder
            radius="md"
            p="lg"
          >
            <Stack gap="xs">
              <Group gap="sm">
                <Title order={2} fz="h3">
                  {name}
                </Title>
                {release.date && (
                  <Text size="sm" c="dimmed">
                    {release.date}
                  </Text>
                )}
                {release.version === APP_VERSION && (
                  <Badge variant="light" color="brand">
                    Running
                  </Badge>
                )}
                {unreleased && (
                  <Badge variant="light" color="gray">
                    In this build, not yet numbered
                  </Badge>
                )}
              </Group>
              <MarkdownView blocks={release.blocks} headingOffset={0} />
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
