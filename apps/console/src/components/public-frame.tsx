import { Box, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from './logo';

/** Customer-facing pages: the logo on top, no staff navigation. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0" component="main">
      <Container size="sm" py="xl">
        <Box mb="lg" px="xl">
          <Logo />
        </Box>
        {children}
      </Container>
    </Box>
  );
}
