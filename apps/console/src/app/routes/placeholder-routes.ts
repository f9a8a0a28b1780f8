import type { PermissionName } from '@dastak/core/permissions';

/**
 * Screens of spec §2.1 that later issues build. Each shows the shared "not available yet" page
 * until its issue replaces the entry with a real route file.
 */
export type PlaceholderRoute = { path: string; title: string; permission?: PermissionName };

export const STAFF_PLACEHOLDER_ROUTES: PlaceholderRoute[] = [
  { path: 'reporting-dashboard', title: 'Reporting Dashboard' },
  { path: 'issue-reporting', title: 'Issue Reporting' },
  { path: 'release-notes', title: 'Release Notes' },
  { path: 'faqs', title: 'FAQs' },
];

/** Customer-facing pages reached by a link, without login (spec §2.1, §2.12). */
export const PUBLIC_PLACEHOLDER_ROUTES: PlaceholderRoute[] = [
  { path: 'order-review/:uuid', title: 'Order Review' },
  { path: 'order-review-success', title: 'Order Review' },
  { path: 'order-review-expired', title: 'Order Review' },
  { path: 'order-review-error', title: 'Order Review' },
  { path: 'physical-visit-review/:id', title: 'Physical Visit Review' },
  { path: 'cro-feedback/:id', title: 'Support Feedback' },
  { path: 'cro-feedback-success', title: 'Support Feedback' },
  { path: 'cro-feedback-error', title: 'Support Feedback' },
  { path: 'cro-feedback-expired', title: 'Support Feedback' },
  { path: 'rider-live-location/:uuid', title: 'Rider Live Location' },
  { path: 'rider-live-location-link-expired', title: 'Rider Live Location' },
];
