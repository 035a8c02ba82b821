import { Injectable } from '@nestjs/common';

/** Where a trip goes, as a distance provider needs it. */
export interface DistanceQuery {
  schoolOrgId: number;
  origin: string | null;
  destination: string;
  /** The one-way kilometres the requester typed, when they did. */
  typedKm: number | null;
}

/**
 * How far a trip goes, one way, in whole kilometres (the estimate's basis; docs/domain.md, "A price before the request").
 * Null: unknown, so no estimate. A routing engine plugs in here (a class answering from origin and destination) in place
 * of the manual provider, with no change to the quote or the calls.
 */
export interface DistanceProvider {
  distanceKm(query: DistanceQuery): Promise<number | null>;
}

export const DISTANCE_PROVIDER = Symbol('DistanceProvider');

/** The only provider so far: the school knows its destination and types the distance. */
@Injectable()
export class ManualDistance implements DistanceProvider {
  distanceKm({ typedKm }: DistanceQuery): Promise<number | null> {
    return Promise.resolve(typedKm);
  }
}
