/** Provided by the realtime module (health reads it): which Socket.IO adapter is in use and whether Redis answers. */
export interface RealtimeStatus {
  status(): { adapter: 'memory' | 'redis'; redis: 'disabled' | 'up' | 'down' };
}
export const REALTIME_STATUS = Symbol('REALTIME_STATUS');
