/**
 * The rider app's version, sent with every location ping (app_version). The server compares it
 * with the newest release it knows (the app_versions table) to show '(latest)' or '(outdated)'
 * on the console's rider detail; raise it with each release of the rider app.
 */
export const RIDER_APP_VERSION = '2.5.0';
