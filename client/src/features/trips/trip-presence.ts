import { claimNotice, claimOf, PRESENCE_ACTIVITY_LABELS, type PresenceViewer } from '@contracts/presence';
import dayjs from 'dayjs';
import { roleLabel } from '../../shared/access';

/**
 * Presence on the trip screens (docs/architecture.md, "Presence"): what the avatars say, and whose soft claim someone opening Edit or Assign Bus is
 * told about. Pure, so the words are tested once (trip-presence.test.ts); the components only lay them out.
 */

/** The other people on the trip: never the user themself (their own other tabs included). */
export const othersOn = (viewers: readonly PresenceViewer[], selfUserId: number | null | undefined): PresenceViewer[] =>
  viewers.filter((v) => v.userId !== selfUserId);

/** What hovering or focusing an avatar says: "Dev Desert, Bus Company: assigning buses". */
export const presenceLabel = (viewer: Pick<PresenceViewer, 'name' | 'role' | 'activity'>): string =>
  `${viewer.name}, ${roleLabel(viewer.role)}: ${PRESENCE_ACTIVITY_LABELS[viewer.activity]}`;

/** "09:41 AM": the local time of an ISO instant, as the trip's own times are written (the soft claim's "since"). */
export function clockTime(iso: string): string {
  const d = dayjs(iso);
  return d.isValid() ? d.format('hh:mm A') : '';
}

export interface SoftClaim {
  viewer: PresenceViewer;
  /** "Dev Desert is assigning buses on this trip (since 09:41 AM)." */
  notice: string;
}

/** Someone else already editing or assigning buses on the trip, and the sentence that tells the user so; null when nobody is. */
export function softClaimOf(viewers: readonly PresenceViewer[], selfUserId: number): SoftClaim | null {
  const viewer = claimOf(viewers, selfUserId);
  return viewer ? { viewer, notice: claimNotice(viewer, clockTime(viewer.since)) } : null;
}
