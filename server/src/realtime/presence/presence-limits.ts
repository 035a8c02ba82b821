/** A replica renews its "alive" key this often (and sweeps the dead)… */
export const PRESENCE_BEAT_MS = 1_000;
/** …and is given up for dead, its sockets' presence removed everywhere, this long after its last beat. */
export const PRESENCE_ALIVE_MS = 5_000;
/** One connection's announcements at once (a console has one trip open per tab; this bounds what a socket can store). */
export const PRESENCE_MAX_TRIPS_PER_SOCKET = 20;
/** The rate limit's period: PRESENCE_RATE_LIMIT commands per this many ms, as a token bucket. */
export const PRESENCE_RATE_PERIOD_MS = 10_000;
/** Sockets welcomed at once after a resync. */
export const PRESENCE_WELCOME_BATCH = 50;
