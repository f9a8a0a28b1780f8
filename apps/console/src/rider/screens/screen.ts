import type { Tasks } from '../hooks';

/** The app's screens; the page's history carries them so the phone's Back button works. */
export type Screen =
  | { name: 'home' }
  | { name: 'task'; orderId: number }
  | { name: 'problem'; orderId: number }
  | { name: 'feedback'; orderId: number }
  | { name: 'deliver' };

/** What a screen about one order is given: the order, today's tasks (null until loaded), Back. */
export interface OrderScreenProps {
  orderId: number;
  tasks: Tasks | null;
  back: () => void;
}
