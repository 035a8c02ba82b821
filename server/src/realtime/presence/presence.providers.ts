import type { Provider } from '@nestjs/common';
import { ConnectionCap } from './connection-cap.service';
import { PresenceAccess } from './presence-access.service';
import { PresenceCommands } from './presence-commands.service';
import { PresenceHeartbeat } from './presence-heartbeat.service';
import { PresenceLedger } from './presence-ledger.service';
import { PresencePushes } from './presence-pushes.service';
import { PresenceSockets } from './presence-sockets.service';
import { PresenceUserRate } from './presence-user-rate.service';
import { PresenceViews } from './presence-views.service';
import { PresenceListener } from './presence.listener';
import { PresenceService } from './presence.service';

/** Presence's parts, provided by the realtime module (they need its gateway's server, its channel and TripAudience). */
export const PRESENCE_PROVIDERS: Provider[] = [
  PresenceAccess,
  PresenceLedger,
  PresencePushes,
  PresenceSockets,
  PresenceViews,
  PresenceUserRate,
  PresenceCommands,
  ConnectionCap,
  PresenceHeartbeat,
  PresenceService,
  PresenceListener,
];
