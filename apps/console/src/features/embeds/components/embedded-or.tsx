import type { EmbedsConfig } from '@dastak/core/entities/embeds';
import { Center, Loader } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useEmbedsConfigQuery } from '../api/get-embeds-config';
import { EmbeddedFrame } from './embedded-frame';

/**
 * A page that the server may hand to a team's own tool: the tool's URL framed when `embed` is
 * set in GET /config/embeds/, else the console's own page. A failed look-up (toasted by the api
 * client) still leaves the built-in page usable.
 */
export function EmbeddedOr({
  title,
  embed,
  children,
}: {
  title: string;
  embed: keyof EmbedsConfig;
  children: ReactNode;
}) {
  useDocumentTitle(`${title} · Dastak`);
  const embeds = useEmbedsConfigQuery();
  if (embeds.isPending) {
    return (
      <Center h="50vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  const url = embeds.data?.[embed];
  return url ? <EmbeddedFrame title={title} src={url} /> : children;
}
