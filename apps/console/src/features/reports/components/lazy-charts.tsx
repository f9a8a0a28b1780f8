import { Box, Loader } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';

/** The chart library arrives after the page (its own chunk; vite.config.ts budget). */
export const DayBarsChart = lazy(() =>
  import('./report-charts').then((m) => ({ default: m.DayBarsChart })),
);
export const DayLinesChart = lazy(() =>
  import('./report-charts').then((m) => ({ default: m.DayLinesChart })),
);
export const CategoryBarsChart = lazy(() =>
  import('./report-charts').then((m) => ({ default: m.CategoryBarsChart })),
);

/**
 * Holds a chart's place while the library loads, and names the figure for screen readers: the
 * table under it has the numbers.
 */
export function ChartBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="figure" aria-label={label} m={0} mih={120}>
      <Suspense fallback={<Loader size="sm" aria-label="Loading the chart" />}>{children}</Suspense>
    </Box>
  );
}
