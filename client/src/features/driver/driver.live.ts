import { refetchQuery } from '../../api/query-cache';
import { onLive } from '../../api/socket';
import { driverDayKey } from './driver.api';

/** `driver:changed` names trips of this driver that changed, came or went: the day is read again whole. */
export function subscribeDriverLive(userId: number): () => void {
  return onLive('driver:changed', () => refetchQuery(driverDayKey(userId)));
}
