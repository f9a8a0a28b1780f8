export const LIVE_PAUSED_TEXT = 'Live updates paused — reconnecting';
