import { z } from 'zod';

/**
 * Outside tools the console embeds instead of its own page (spec §2.1 "embedded
 * frames"). GET /config/embeds/ (any signed-in staff user) -> the URLs the server was started
 * with: REPORTING_URL for /reporting-dashboard, ISSUE_REPORTING_URL for /issue-reporting. null:
 * the console shows its own page.
 */
export const embedsConfigSchema = z.object({
  reportingUrl: z.string().nullable(),
  issueReportingUrl: z.string().nullable(),
});
export type EmbedsConfig = z.infer<typeof embedsConfigSchema>;

/** A URL a frame may show: http(s) only, never javascript: or data:. */
export const embedUrlSchema = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
