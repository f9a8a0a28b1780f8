import { Center, Loader } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';

/** Suspense boundary for a lazily loaded screen: a spinner while its chunk downloads. */
export function LazyPage({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center mih="60vh">
          <Loader aria-label="Loading page" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}
