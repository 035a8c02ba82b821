import { RequestMethod } from '@nestjs/common';
import { GUARDS_METADATA, HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { ModulesContainer } from '@nestjs/core';
import { z } from 'zod';
import { AuthThrottlerGuard } from '../auth/auth-throttler.guard';
import { IS_PUBLIC, ROLES_KEY } from '../common/decorators';
import { INT4_MAX } from '../common/input';
import { IdPipe, ZodPipe } from '../common/zod.pipe';
import type { Role } from '../contracts/roles';
import { type ErrorStatus, ROUTE_DOC, type RouteDoc } from './api-doc';
import { errorSchema } from './wire.schemas';

/** One route as Nest registered it, with what the document needs to say about it. */
export interface RouteInfo {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under the global prefix, OpenAPI style: `/trips/{id}`. */
  path: string;
  controller: string;
  handler: string;
  isPublic: boolean;
  roles: Role[];
  body?: z.ZodType;
  query?: z.ZodType;
  /** Path params; `true` when an IdPipe parses it. */
  params: { name: string; id: boolean }[];
  limited: boolean;
  status: number;
  doc?: RouteDoc;
}

type JsonSchema = Record<string, unknown>;
type Controller = new (...args: never[]) => unknown;
type ArgMeta = Record<string, { index: number; data?: string; pipes?: unknown[] }>;

const VERBS: Partial<Record<RequestMethod, RouteInfo['method']>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.DELETE]: 'DELETE',
};

const join = (...parts: string[]) =>
  `/${parts.join('/')}`
    .replace(/\/+/g, '/')
    .replace(/(.)\/$/, '$1')
    .replace(/:(\w+)/g, '{$1}');

/** Every route of every controller Nest knows, read from the same metadata Nest routes by (paths, guards, pipes). */
export function collectRoutes(modules: ModulesContainer): RouteInfo[] {
  const routes: RouteInfo[] = [];
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Controller | undefined;
      if (!controller?.prototype) continue;
      const bases = [(Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined) ?? ''].flat();
      for (const handlerName of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[handlerName];
        if (handlerName === 'constructor' || typeof handler !== 'function') continue;
        const method = VERBS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        if (!method) continue;
        const subs = [(Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined) ?? ''].flat();
        const args = Object.entries((Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handlerName) ?? {}) as ArgMeta);
        const schemaOf = (type: RouteParamtypes) =>
          args
            .filter(([key]) => key.startsWith(`${type}:`))
            .flatMap(([, arg]) => arg.pipes ?? [])
            .find((p): p is ZodPipe<z.ZodType> => p instanceof ZodPipe)?.schema;
        const params = args
          .filter(([key, arg]) => key.startsWith(`${RouteParamtypes.PARAM}:`) && arg.data)
          .map(([, arg]) => ({ name: arg.data!, id: (arg.pipes ?? []).some((p) => p === IdPipe || p instanceof IdPipe) }));
        const meta = <T>(key: string) =>
          (Reflect.getMetadata(key, handler) as T | undefined) ?? (Reflect.getMetadata(key, controller) as T | undefined);
        const guards = [...(meta<unknown[]>(GUARDS_METADATA) ?? [])];
        for (const base of bases) {
          for (const sub of subs) {
            routes.push({
              method,
              path: join(base, sub),
              controller: controller.name,
              handler: handlerName,
              isPublic: meta<boolean>(IS_PUBLIC) === true,
              roles: meta<Role[]>(ROLES_KEY) ?? [],
              body: schemaOf(RouteParamtypes.BODY),
              query: schemaOf(RouteParamtypes.QUERY),
              params,
              limited: guards.includes(AuthThrottlerGuard),
              status: meta<number>(HTTP_CODE_METADATA) ?? (method === 'POST' ? 201 : 200),
              doc: meta<RouteDoc>(ROUTE_DOC),
            });
          }
        }
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

// ------------------------------------------------------------------------------------------------
// zod → JSON Schema (draft 2020-12, which OpenAPI 3.1 uses as is)

const COMPONENTS = '#/components/schemas/';

/**
 * Converts with zod's own z.toJSONSchema. Schemas named with `.meta({ id })` (the wire types) are hoisted into
 * `components` and referenced from there. A transform (a query's "digits stand for a number") has no JSON Schema:
 * the input side is described, which is what a caller sends.
 */
function toSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  const { $schema: _drop, $defs, ...rest } = converted;
  const rewrite = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', `"${COMPONENTS}`)) as T;
  for (const [id, def] of Object.entries($defs ?? {})) components[id] ??= rewrite(def);
  const root = rewrite(rest);
  // A named schema at the top is a reference, not a copy.
  const id = (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id;
  if (id) {
    const { id: _id, description: _d, ...body } = root as JsonSchema & { id?: string; description?: string };
    components[id] ??= body;
    return { $ref: `${COMPONENTS}${id}` };
  }
  return root;
}

// ------------------------------------------------------------------------------------------------
// The document

const IMPLIED: Partial<Record<ErrorStatus, string>> = {
  400: "The body, query or id is not valid: the first problem's message.",
  401: 'Not signed in, or the session has ended.',
  403: 'The role may not do this.',
  404: "No such record in the caller's tenant (another tenant's is answered the same).",
  413: 'The body is larger than 256 kB.',
  429: 'Too many attempts; the message says to wait, and Retry-After how many seconds.',
};

const ROLES_TEXT = (roles: Role[]) => (roles.length ? `Roles: ${roles.join(', ')}.` : 'Any signed-in user.');

/** The OpenAPI 3.1 document of the routes given. */
export function buildOpenApi(routes: RouteInfo[], info: { version: string }): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  const error = toSchema(errorSchema, 'output', components);
  const paths: Record<string, Record<string, JsonSchema>> = {};

  for (const route of routes) {
    const doc = route.doc;
    const parameters: JsonSchema[] = route.params.map((p) => ({
      name: p.name,
      in: 'path',
      required: true,
      schema: p.id ? { type: 'integer', minimum: 1, maximum: INT4_MAX } : { type: 'string' },
    }));
    if (route.query) {
      const q = toSchema(route.query, 'input', components) as { properties?: Record<string, JsonSchema>; required?: string[] };
      for (const [name, schema] of Object.entries(q.properties ?? {})) {
        parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
      }
    }

    const responses: Record<string, JsonSchema> = {};
    const success: JsonSchema = { description: doc?.summary ?? 'Undocumented.' };
    if (doc?.response instanceof z.ZodType) {
      success.content = { 'application/json': { schema: toSchema(doc.response, 'output', components) } };
    } else if (doc?.response) {
      success.description = doc.response.description;
      success.content = {
        [doc.response.mediaType]: { schema: doc.response.mediaType === 'application/json' ? { type: 'object' } : { type: 'string' } },
      };
    }
    if (doc?.headers) {
      success.headers = Object.fromEntries(
        Object.entries(doc.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
      );
    }
    responses[String(route.status)] = success;

    const implied: Partial<Record<ErrorStatus, string>> = {};
    if (route.body || route.query || route.params.some((p) => p.id)) implied[400] = IMPLIED[400];
    if (!route.isPublic) implied[401] = IMPLIED[401];
    if (route.roles.length) implied[403] = IMPLIED[403];
    if (route.params.some((p) => p.id)) implied[404] = IMPLIED[404];
    if (route.body) implied[413] = IMPLIED[413];
    if (route.limited) implied[429] = IMPLIED[429];
    const errors = { ...implied, ...doc?.errors };
    for (const [status, what] of Object.entries(errors).sort(([a], [b]) => Number(a) - Number(b))) {
      if (!what) continue;
      const described = typeof what === 'string' ? { description: what, schema: error } : what;
      const schema = typeof what === 'string' ? error : toSchema(what.schema, 'output', components);
      responses[status] = { description: described.description, content: { 'application/json': { schema } } };
    }

    const operation: JsonSchema = {
      operationId: `${route.controller.replace(/Controller$/, '')}.${route.handler}`,
      tags: [route.path.split('/')[1] ?? ''],
      summary: doc?.summary ?? '',
      description: [doc?.description, route.isPublic ? 'No sign-in.' : ROLES_TEXT(route.roles)].filter(Boolean).join('\n\n'),
      security: doc?.auth === 'microsoft' ? [{ microsoft: [] }] : route.isPublic ? [] : [{ bearer: [] }],
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(route.body, 'input', components) } } } }
        : {}),
      responses,
      ...(route.roles.length ? { 'x-roles': route.roles } : {}),
    };
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'School transport console API',
      version: info.version,
      description:
        'The REST API of the console. Request bodies and queries are described by the same zod schemas that validate them; ' +
        'every error answers `{message}`. Live events travel over Socket.IO (`/socket.io`), not described here.',
    },
    servers: [{ url: '/api' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The token POST /auth/login (or /auth/login-microsoft) answers with.',
        },
        microsoft: {
          type: 'http',
          scheme: 'bearer',
          description: 'A Microsoft Entra ID access token for this API, exchanged for our token.',
        },
      },
    },
  };
}
