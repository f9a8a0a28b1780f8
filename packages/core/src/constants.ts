/** Business constants of spec §9, and the values the spec leaves "not shown" (see
 * docs/decisions/0004-unshown-constants.md). Change them here only. */

export const APP_VERSION = '1.0.12';

/**
 * The rider app version this server serves at /rider/ (ADR 0062): the app reports it with its
 * pings, and a rider whose phone reports another version is '(outdated)' on the console. Bump it
 * with each rider app release (the demo's newest release in app_versions is this one).
 */
export const RIDER_APP_VERSION = '2.5.0';

/** Tube labels (ADR 0062): at most this many tubes per order, and labels per handover. */
export const TUBES_PER_ORDER_MAX = 10;
export const HANDOVER_LABELS_MAX = 100;
/** A tube label: Code 128 text the rider scans or types, normalised to [A-Z0-9-]. */
export const TUBE_LABEL_MIN = 4;
export const TUBE_LABEL_MAX = 40;
/** The Idempotency-Key header of the rider app's writes, and how long a key is kept. */
export const IDEMPOTENCY_KEY_MIN = 8;
export const IDEMPOTENCY_KEY_MAX = 100;
export const IDEMPOTENCY_KEY_TTL_HOURS = 48;

export const PHONE_LENGTH = 11;
export const NAME_MAX = 40;
export const PASSWORD_MIN = 6;
export const ADDITIONAL_NOTES_MAX = 1000;
export const COMMENT_MAX = 250;
export const DISCOUNT_MIN = 0;
export const DISCOUNT_MAX = 100;
export const CURRENCY = 'PKR';

export const STAR_COUNT = 5;
export const MAX_SATISFACTION_ANSWER = '5';
export const WAIT_TIME_MIN = 1;
export const WAIT_TIME_MAX = 60;

export const FEEDBACK_LINK_VALID_HOURS = 48;
/** Customer links (values not shown; ADR 0038). */
export const PUBLIC_LINKS = {
  /** Random bytes of a link id: 192 bits, base64url (32 characters). */
  ID_BYTES: 24,
  /** Characters of a phone or email the tracking page leaves unmasked (the last ones). */
  MASK_VISIBLE_CHARS: 4,
  /** Longest text answer on a public form (order review text, long-form answers). */
  TEXT_ANSWER_MAX: 1000,
} as const;

export const RESCHEDULE_LEAD_MINUTES = 60;
export const RESCHEDULE_MAX_DAYS_AHEAD = 60;
export const RIDER_MAX_PICKUPS = 5;
/** "over 20 percent of a maximum of 5" */
export const CAPACITY_THRESHOLD_PERCENT = 20;
export const CANCELLED_DURATION_CAP_MINUTES = 60;

export const TIME_SLOT_LENGTHS = [15, 30, 45, 60] as const;

export const DEFAULT_MAP_CENTER = { latitude: 30.3753, longitude: 69.3451 } as const;
export const DEFAULT_MAP_ZOOM = 11;
export const DETAIL_MAP_ZOOM = 15;
export const POPUP_MAX_TEST_TAGS = 2;

export const TRUNCATE = { ADDRESS: 40, PATIENT_NAME: 30, RIDER_NAME: 40 } as const;

export const ATTENDANCE_SLOT_MS = 300_000;
export const ON_TIME_RATE_DAYS = 7;

export const SCROLL_DEBOUNCE_MS = 100;
export const COUNTDOWN_TOTAL = 60;
export const COUNTDOWN_ANIMATION_MS = 500;

export const DATE_FORMATS = {
  DISPLAY_DATE: 'dd MMM yyyy',
  API_DATE: 'yyyy-MM-dd',
  TIME_12H: 'hh:mm a',
  DATE_FIELD: 'dd/MM/yyyy',
  DATE_FIELD_PLACEHOLDER: 'DD/MM/YYYY',
  TIME_SHORT: 'hh:mm',
} as const;

export const TIME_ZONE = 'Asia/Karachi';

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
/** Order lists count at most this many matches ('N results'); past it the count is the cap and
 * countIsCapped is true ('500+ results'), so counting never costs more than the page
 * (docs/decisions/0012: at a million orders a 10,000 cap made the count 3x the page, and once
 * the page's rows were packed by order_list_rows a 1,000 cap cost more than the page on three
 * of the bench's ten filter sets). */
export const ORDER_LIST_COUNT_CAP = 500;

// Values the spec does not show; chosen in docs/decisions/0004-unshown-constants.md.
export const RIDER_LOCATION_POLL_MS = 15_000;
export const LIVE_LOCATION_POLL_MS = 10_000;
/** The tracking page's longest wait between polls while the server refuses or fails (ADR 0052). */
export const LIVE_LOCATION_BACKOFF_MAX_MS = 5 * 60_000;
export const CUSTOMER_LOOKUP_LENGTH_MULTIPLE = 4;
export const ORDER_CREATE_LEAD_MINUTES = 30;
export const ORDER_CREATE_MAX_DAYS_AHEAD = 30;
export const FRUSTRATION_METER_BARS = 5;
export const FRUSTRATION_FOLLOW_UP_THRESHOLD = 2;
export const BREAK_DURATIONS_MINUTES = [15, 30, 45, 60] as const;

/**
 * How attendance is worked out from the riders' own pings (docs/decisions/0037-attendance.md).
 * Present: a ping in [start - OPENING_BEFORE, start + OPENING_AFTER]. A shift with no ping by
 * start + OPENING_AFTER is missed (a late rider's first ping before the end revives it to in
 * progress; isPresent stays false). Inside hotspot: the shift's first position within
 * HOTSPOT_RADIUS_METRES of the hotspot. Distance: fixes less accurate than MAX_ACCURACY_METRES
 * are skipped; a move shorter than MIN_MOVE_METRES from the last counted point is jitter (the
 * point is not moved, so slow walking still adds up); a move faster than MAX_SPEED_MPS is an
 * impossible jump and dropped.
 */
export const ATTENDANCE_RULES = {
  OPENING_BEFORE_MINUTES: 15,
  OPENING_AFTER_MINUTES: 30,
  HOTSPOT_RADIUS_METRES: 250,
  MAX_ACCURACY_METRES: 100,
  MIN_MOVE_METRES: 25,
  MAX_SPEED_MPS: 40,
} as const;
/** Raw pings older than this are pruned; the 5-minute roll-ups and shift figures stay. */
export const LOCATION_RETENTION_DAYS_DEFAULT = 30;
/** Dated rider shifts are made this many Karachi days ahead (today included). */
export const RIDER_SHIFT_DAYS_AHEAD = 7;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const PASSWORD_RESET_TTL_MINUTES = 60;
/**
 * Every rate limit, in one place (docs/decisions/0052-rate-limits.md). Past a max the server
 * answers 429 `{detail}` with Retry-After (the seconds until the window ends); each window starts
 * with its key's first hit. On PostgreSQL the counts are shared by every server.
 */
export const RATE_LIMITS = {
  LOGIN: {
    /** One account from one address: the first PAIR_FREE attempts answer at once... */
    PAIR_FREE: 5,
    /** ...then each waits twice the last, from DELAY_BASE_MS up to DELAY_MAX_MS, before answering... */
    DELAY_BASE_MS: 250,
    DELAY_MAX_MS: 2_000,
    /** ...and past PAIR_MAX in PAIR_WINDOW_MS that pair is refused. A success clears the pair. */
    PAIR_MAX: 20,
    PAIR_WINDOW_MS: 15 * 60_000,
    /** Failed attempts from one address across accounts (password spraying). */
    ADDRESS_MAX: 30,
    ADDRESS_WINDOW_MS: 60_000,
  },
  PASSWORD_RESET: { PER_ADDRESS_MAX: 30, WINDOW_MS: 60_000 },
  /** Customer pages: each link's own budget (the tracking page polls 6 times a minute), and a
   * ceiling per address generous enough for many customers behind one carrier-NAT address. */
  PUBLIC_LINKS: { PER_LINK_MAX: 30, PER_ADDRESS_MAX: 600, WINDOW_MS: 60_000 },
  /** An API key's own budget (ADR 0066): requests per window, set per key within MIN..MAX. */
  API_KEYS: { PER_KEY_DEFAULT: 600, PER_KEY_MIN: 1, PER_KEY_MAX: 6000, WINDOW_MS: 60_000 },
} as const;

/** Orders whose pickup is further ahead than this wait in 'scheduled' before auto-assignment
 * (docs/decisions/0003-order-state-machine.md). */
export const AUTO_ASSIGN_HORIZON_MINUTES = 120;

/** A rider may mark an order reached from this many minutes before its slot starts, not earlier
 * (docs/decisions/0055-reached-lead-time.md); the server's RIDER_REACH_LEAD_MINUTES overrides it. */
export const RIDER_REACH_LEAD_MINUTES_DEFAULT = 60;

/** One order's tests: a code repeated at most this many times (its count), and at most this
 * many different codes (docs/decisions/0004-unshown-constants.md). */
export const TEST_QUANTITY_MAX = 10;
export const TEST_LINES_MAX = 30;

/** The realtime stream (docs/decisions/0026-realtime-stream.md): a heartbeat comment this often
 * keeps proxies from closing an idle stream and lets the console notice a dead one; a
 * connection whose events (other than coalesced positions and stats) pile past the queue bound,
 * or whose socket stays full across this many heartbeats, is closed, and the console resyncs. */
export const REALTIME_HEARTBEAT_MS = 15_000;
export const REALTIME_QUEUE_MAX = 500;
export const REALTIME_STALL_HEARTBEATS = 2;

/** Web push (docs/decisions/0029-web-push.md): the late-with-no-rider sweep runs this often, and
 * announces orders that became late at most this long ago (a restart does not replay a day). A
 * subscription's endpoint is at most PUSH_ENDPOINT_MAX characters and follows at most
 * PUSH_REGIONS_MAX regions; a push service gets PUSH_SEND_TIMEOUT_MS to answer and keeps an
 * undelivered message for PUSH_TTL_SECONDS (a late alert is worthless an hour on). */
export const PUSH_LATE_SWEEP_MS = 60_000;
export const PUSH_LATE_LOOKBACK_MINUTES = 60;
export const PUSH_ENDPOINT_MAX = 2048;
export const PUSH_REGIONS_MAX = 50;
export const PUSH_SEND_TIMEOUT_MS = 10_000;
export const PUSH_TTL_SECONDS = 60 * 60;

/** The dashboard calls answer at most this many days of pickups at once: the map is not paged
 * (docs/decisions/0025-dashboard-calls.md). */
export const DASHBOARD_WINDOW_MAX_DAYS = 7;

/** The dashboard map in the console (docs/decisions/0027-dashboard-map-and-live.md): while the
 * stream is down the dashboard polls this often; reconnects back off from the min to the max
 * delay; stream events that invalidate a query are gathered this long so a burst refetches once;
 * a selected rider's trail keeps this many minutes, at most this many points per rider. */
export const DASHBOARD_FALLBACK_POLL_MS = 15_000;
export const REALTIME_RECONNECT_MIN_MS = 1_000;
export const REALTIME_RECONNECT_MAX_MS = 30_000;
export const REALTIME_INVALIDATE_BATCH_MS = 500;
/** An open order detail refetches this often while the realtime stream does not tell it of the
 * order's changes (stream down, or not open to the user; ADR 0056). */
export const ORDER_DETAIL_FALLBACK_POLL_MS = 15_000;
export const RIDER_TRAIL_MINUTES = 30;
export const RIDER_TRAIL_MAX_POINTS = 900;

/** The dashboard panels (docs/decisions/0028-dashboard-panels.md): an order turns late (or at
 * risk) as the clock runs, with no event to say so, so the Late Orders tab refetches this often
 * even while the stream is up. */
export const DASHBOARD_LATENESS_REFETCH_MS = 60_000;
/**
 * For this many hours after Karachi midnight the Late Orders tab still lists the day before's
 * late orders: at 00:10 an order still waiting since 23:00 is the night dispatcher's work, and a
 * tab that emptied at midnight would hide it (docs/decisions/0028-dashboard-panels.md).
 */
export const LATE_CARRYOVER_HOURS = 6;

/** The longest range one report covers (a quarter), so every report stays bounded. */
export const REPORT_RANGE_MAX_DAYS = 92;
/** Issue reports (ADR 0041): screenshots are PNG or JPEG by their content, at most 5 MB. */
export const ISSUE_REPORT_LIMITS = {
  TITLE_MAX: 120,
  DESCRIPTION_MAX: 4000,
  COMMENT_MAX: 2000,
  SCREENSHOT_MAX_BYTES: 5 * 1024 * 1024,
  SCREENSHOT_TYPES: ['image/png', 'image/jpeg'],
} as const;

/**
 * Bad input (docs/decisions/0050-bad-input.md): the dates any field or query parameter takes, so
 * no date reaches PostgreSQL out of its range (year 0 was a 500); inclusive, as calendar dates
 * (a date-time's instant in UTC, from the first instant of MIN to the last of MAX).
 */
export const DATE_RANGE = { MIN: '1900-01-01', MAX: '2100-12-31' } as const;
/** How far ahead of the server's clock a rider's location fix may be dated (a phone's clock drift). */
export const PING_CLOCK_SKEW_MINUTES = 5;
/** The longest email address (RFC 5321's path limit, 256, less the angle brackets). */
export const EMAIL_MAX = 254;
