import type { PUBLIC_PAGE_ROOTS } from '@dastak/core/states';
import { useEffect } from 'react';
import { splitPath, usePathname } from './navigation';
import { LiveLocationErrorPage, LiveLocationPage } from './pages/live-location-page';
import { OrderReviewPage } from './pages/order-review-page';
import {
  FeedbackErrorPage,
  FeedbackExpiredPage,
  FeedbackSuccessPage,
  LiveLocationExpiredPage,
} from './pages/outcome-pages';
import { SurveyPage } from './pages/survey-page';

type Root = (typeof PUBLIC_PAGE_ROOTS)[number];

const TITLES: Record<Root, string> = {
  'order-review': 'Order Review',
  'order-review-success': 'Order Review',
  'order-review-expired': 'Order Review',
  'order-review-error': 'Order Review',
  'physical-visit-review': 'Physical Visit Review',
  'cro-feedback': 'Support Feedback',
  'cro-feedback-success': 'Support Feedback',
  'cro-feedback-error': 'Support Feedback',
  'cro-feedback-expired': 'Support Feedback',
  'rider-live-location': 'Rider Live Location',
  'rider-live-location-link-expired': 'Rider Live Location',
};

/** One page per PUBLIC_PAGE_ROOTS entry; a page that needs an id and has none is an error. */
function page(root: Root, id: string | null) {
  switch (root) {
    case 'order-review':
      return id ? <OrderReviewPage key={id} id={id} /> : <FeedbackErrorPage />;
    case 'physical-visit-review':
      return id ? <SurveyPage key={id} form="physicalVisit" id={id} /> : <FeedbackErrorPage />;
    case 'cro-feedback':
      return id ? <SurveyPage key={id} form="croFeedback" id={id} /> : <FeedbackErrorPage />;
    case 'rider-live-location':
      return id ? <LiveLocationPage key={id} id={id} /> : <LiveLocationErrorPage />;
    case 'order-review-success':
    case 'cro-feedback-success':
      return <FeedbackSuccessPage />;
    case 'order-review-expired':
    case 'cro-feedback-expired':
      return <FeedbackExpiredPage />;
    case 'order-review-error':
    case 'cro-feedback-error':
      return <FeedbackErrorPage />;
    case 'rider-live-location-link-expired':
      return <LiveLocationExpiredPage />;
  }
}

const isRoot = (root: string): root is Root => Object.hasOwn(TITLES, root);

export function CustomerApp() {
  const { root, id } = splitPath(usePathname());
  const known = isRoot(root);
  useEffect(() => {
    document.title = known ? `${TITLES[root]} | Dastak` : 'Dastak';
  }, [known, root]);
  return known ? page(root, id) : <FeedbackErrorPage />;
}
