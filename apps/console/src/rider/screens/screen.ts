/** The app's screens; the page's history carries them so the phone's Back button works. */
export type Screen =
  | { name: 'home' }
  | { name: 'task'; orderId: number }
  | { name: 'problem'; orderId: number }
  | { name: 'feedback'; orderId: number }
  | { name: 'deliver' };
