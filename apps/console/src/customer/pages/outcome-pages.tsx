import { ERRORS, PUBLIC_PAGES } from '@dastak/core/messages';
import { Outcome } from '../components/frame';
import { outcomeState } from '../navigation';

/** After a submit (or a link already used): thanks, and the maps invitation when earned. */
export function FeedbackSuccessPage() {
  const { mapsReviewUrl } = outcomeState();
  return (
    <Outcome tone="good" heading={PUBLIC_PAGES.FEEDBACK_THANKS}>
      {mapsReviewUrl && (
        <div className="c-invite">
          <p>{PUBLIC_PAGES.MAPS_REVIEW_INVITE}</p>
          <a className="c-button" href={mapsReviewUrl} target="_blank" rel="noopener noreferrer">
            {PUBLIC_PAGES.MAPS_REVIEW_BUTTON}
          </a>
        </div>
      )}
    </Outcome>
  );
}

/** A feedback link past its 48 hours; the support line when the link's answer named it. */
export function FeedbackExpiredPage() {
  const { supportPhone } = outcomeState();
  return (
    <Outcome tone="bad" heading={PUBLIC_PAGES.FEEDBACK_LINK_EXPIRED}>
      <p>{ERRORS.FEEDBACK_EXPIRED}</p>
      {supportPhone && (
        <p className="c-support">
          {PUBLIC_PAGES.SUPPORT_POINTER}:{' '}
          <a href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`}>{supportPhone}</a>
        </p>
      )}
    </Outcome>
  );
}

// The message opens with the heading's words: under that heading, the rest of it.
const INVALID_REST = ERRORS.FEEDBACK_INVALID.startsWith(PUBLIC_PAGES.FEEDBACK_ERROR)
  ? ERRORS.FEEDBACK_INVALID.slice(PUBLIC_PAGES.FEEDBACK_ERROR.length).trim()
  : ERRORS.FEEDBACK_INVALID;

/** An unknown id, or the server could not be reached. */
export function FeedbackErrorPage() {
  return (
    <Outcome tone="bad" heading={PUBLIC_PAGES.FEEDBACK_ERROR}>
      <p>{INVALID_REST}</p>
    </Outcome>
  );
}

/** A live-location link once the order is collected (or cancelled); an unknown one is an error. */
export function LiveLocationExpiredPage() {
  return (
    <Outcome tone="bad" heading={PUBLIC_PAGES.LIVE_LOCATION_EXPIRED}>
      <p>{ERRORS.LIVE_LOCATION_EXPIRED}</p>
    </Outcome>
  );
}
