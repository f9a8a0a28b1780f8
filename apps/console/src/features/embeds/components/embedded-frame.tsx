import { Anchor, Box, Group, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';

/**
 * A team's own tool (REPORTING_URL, ISSUE_REPORTING_URL) in place of a console page, as the
 * original console embedded its dashboards (spec §2.1). Sandboxed: scripts, forms and popups for
 * the tool to work, its own origin for its session, but never top navigation of the console.
 */
export const EMBED_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-downloads';

export function EmbeddedFrame({ title, src }: { title: string; src: string }) {
  return (
    <Box h="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" px="md" py={6}>
        <Title order={1} fz="h4">
          {title}
        </Title>
        <Anchor href={src} target="_blank" rel="noopener noreferrer" size="sm">
          <Group gap={4}>
            Open in a new tab <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      <iframe
        title={title}
        src={src}
        sandbox={EMBED_SANDBOX}
        referrerPolicy="no-referrer"
        style={{ flex: 1, width: '100%', border: 0 }}
      />
    </Box>
  );
}
