import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { ProfileDto } from '../contracts/wire';

/**
 * What services announce after a change has committed. The realtime module turns each into
 * socket pushes for exactly the users allowed to see the entity; services never touch sockets.
 */
export interface DomainEventMap {
  'user.changed': {
    user: ProfileDto;
    tenantId: number | null;
    previous?: { role: string; tenantId: number | null; activeOrgId: number | null; status: string };
  };
  'users.pending-changed': { tenantId: number | null };
  'session.revoked': { jti: string; userId: number };
}

export type DomainEventName = keyof DomainEventMap;

@Injectable()
export class DomainEvents {
  constructor(private readonly emitter: EventEmitter2) {}

  /** Call only after the transaction that made the change has committed. */
  publish<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void {
    this.emitter.emit(name, payload);
  }
}
