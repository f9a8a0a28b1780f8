import { PUBLIC_LINKS } from '@dastak/core/constants';
import { ERRORS } from '@dastak/core/messages';
import type { PublicLinkKind } from '@dastak/core/states';
import { z } from 'zod';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import { expired } from '../../lib/domain-errors';
import { findLink, markLinkOpened } from './public-feedback.repository';

/** Characters of a link id: PUBLIC_LINKS.ID_BYTES random bytes in base64url (32). */
const LINK_ID_LENGTH = Math.ceil((PUBLIC_LINKS.ID_BYTES * 4) / 3);

/**
 * The public link id in a URL (the uuid / interactionId): exactly the shape ids are made in, so
 * an id that cannot exist (junk, a number) is a 404 from the params check, before the body is
 * looked at, and never reaches SQL.
 */
export const linkIdSchema = z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${LINK_ID_LENGTH}}$`));
export const linkParamsSchema = z.object({ id: linkIdSchema });

export interface PublicDeps {
  db: Db;
  config: Pick<Config, 'MAPS_REVIEW_URL' | 'SUPPORT_PHONE' | 'dispatch'>;
  /** The one clock of the public pages; tests move it with vi.setSystemTime. */
  now: () => Date;
}

export const publicClock = () => new Date();

/**
 * A public read of a link by its id and kind (an order-review id opens no survey), recording the
 * first one: staff see the link 'opened' (ADR 0051). Only the first read writes.
 */
export async function readLink(deps: PublicDeps, id: string, kind: PublicLinkKind) {
  const link = await findLink(deps.db, id, kind);
  if (link && !link.openedAt) await markLinkOpened(deps.db, link.id, deps.now());
  return link;
}

/** A feedback link lapses at expires_at (48 hours after it was made); null never lapses. */
export const isLinkExpired = (link: { expiresAt: Date | null }, now: Date) =>
  link.expiresAt !== null && now.getTime() > link.expiresAt.getTime();

/** What every public read carries for the outcome pages (support line, maps-review link). */
export function outcomeFields(config: PublicDeps['config'], invite: boolean) {
  return {
    supportPhone: config.SUPPORT_PHONE,
    showGoogleMapReviewLink: invite,
    mapsReviewUrl: invite ? config.MAPS_REVIEW_URL : null,
  };
}

export const feedbackExpired = () => expired(ERRORS.FEEDBACK_EXPIRED);

export type { PublicLinkKind };
