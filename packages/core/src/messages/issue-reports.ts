/*
 * Kept apart from messages.ts (which holds the spec's messages) so that only the screens that
 * show these texts download them: messages.ts is part of the console's shell
 * (docs/decisions/0042-feature-messages.md).
 */

/** Issue reporting (ADR 0041). */
export const ISSUE_REPORT_MESSAGES = {
  TITLE_REQUIRED: 'Enter a title',
  TITLE_MAX: 'Title must be at most 120 characters',
  DESCRIPTION_REQUIRED: 'Describe the problem',
  DESCRIPTION_MAX: 'Description must be at most 4000 characters',
  CATEGORY_REQUIRED: 'Select a category',
  COMMENT_REQUIRED: 'Write a comment',
  ORDER_NOT_FOUND: 'No order has this number',
  SCREENSHOT_TYPE: 'The screenshot must be a PNG or JPEG image',
  SCREENSHOT_TOO_LARGE: 'The screenshot must be at most 5 MB',
  CREATED: 'Issue reported. Thank you!',
  STATUS_CHANGED: 'Issue status updated',
  COMMENT_ADDED: 'Comment added',
} as const;
