import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

/** The error statuses the document names; every one answers `{message}` (a 409 may say more, see `errors`). */
export const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 429, 503] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** A success body that is not JSON (the CSV export). */
export interface MediaResponse {
  mediaType: string;
  description: string;
}

/**
 * What a route answers, for the OpenAPI document (server/src/docs). Everything else comes from the route itself:
 * its path and method, @Public and @Roles, the zod schemas of its ZodPipes (body and query), IdPipe params, the
 * sign-in limits, @HttpCode.
 */
export interface RouteDoc {
  summary: string;
  description?: string;
  /** The success body: a zod schema (server/src/docs/wire.schemas.ts), `null` for none (204), or another media type. */
  response: z.ZodType | MediaResponse | null;
  /** Headers the success answer carries, by name: what each says. */
  headers?: Record<string, string>;
  /**
   * Errors beyond those the route's shape implies (400 for a body, query or id; 401 unless public; 403 with @Roles;
   * 404 with an id; 413 with a body; 429 with a sign-in limit): when each happens, or the body of a richer answer.
   */
  errors?: Partial<Record<ErrorStatus, string | { description: string; schema: z.ZodType }>>;
  /** A route signed in with a Microsoft access token instead of ours. */
  auth?: 'microsoft';
}

export const ROUTE_DOC = 'routeDoc';

/** Documents a route in GET /api/docs; a route without it fails test/api/openapi.e2e.ts. */
export const ApiDoc = (doc: RouteDoc) => SetMetadata(ROUTE_DOC, doc);
