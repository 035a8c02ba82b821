/** A replica renews its "alive" key this often (and sweeps the dead)… */
export const PRESENCE_BEAT_MS = 1_000;
/** …and is given up for dead, its sockets' presence removed everywhere, this long after its last beat. */
export const PRESENCE_ALIVE_MS = 5_000;
/** One connection's announcements at once (a console has one trip open per tab; this bounds what a socket can store). */
export const PRESENCE_MAX_TRIPS_PER_SOCKET = 20;
/** The per-connection limit's period: PRESENCE_RATE_LIMIT commands per this many ms, as a token bucket. */
export const PRESENCE_RATE_PERIOD_MS = 10_000;
/** Sockets welcomed at once after a resync. */
export const PRESENCE_WELCOME_BATCH = 50;
/**
 * A replica writes its open connections into the shared count (LIVE_CONNECTIONS_PER_USER) again this often, each
 * entry expiring LIVE_CONNECTION_TTL_MS later: an entry whose removal was lost (Redis away at the disconnect) is gone
 * within that, and a Redis that lost its data has the count back within one renewal.
 */
export const LIVE_CONNECTION_RENEW_MS = 10_000;
export const LIVE_CONNECTION_TTL_MS = 30_000;
/** A connection admitted in the handshake that never opened (its client left meanwhile) is freed after this. */
export const LIVE_CONNECTION_HANDSHAKE_GRACE_MS = 10_000;
