import type { PermissionName } from '@dastak/core/permissions';

/**
 * Screens of spec §2.1 that later issues build. Each shows the shared "not available yet" page
 * until its issue replaces the entry with a real route file.
 */
export type PlaceholderRoute = { path: string; title: string; permission?: PermissionName };

export const STAFF_PLACEHOLDER_ROUTES: PlaceholderRoute[] = [];
