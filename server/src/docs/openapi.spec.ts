import { z } from 'zod';
import { renderDocsPage } from './docs-page';
import { buildOpenApi, type RouteInfo } from './openapi';
import { tripSchema } from './wire.schemas';

const route = (over: Partial<RouteInfo>): RouteInfo => ({
  method: 'GET',
  path: '/things',
  controller: 'ThingsController',
  handler: 'list',
  isPublic: false,
  roles: [],
  params: [],
  limited: false,
  status: 200,
  doc: { summary: 'Things.', response: z.array(tripSchema) },
  ...over,
});

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, unknown>; security: unknown[]; requestBody?: unknown }>>;
  components: { schemas: Record<string, unknown> };
};
const build = (routes: RouteInfo[]) => buildOpenApi(routes, { version: 'test' }) as unknown as Doc;
const statuses = (doc: Doc, path: string, method: string) => Object.keys(doc.paths[path][method].responses);

describe('buildOpenApi', () => {
  it('derives the error answers from the route: sign-in, roles, ids, bodies and limits', () => {
    const body = z.object({ name: z.string() });
    const doc = build([
      route({ path: '/open', isPublic: true }),
      route({ path: '/signed-in' }),
      route({ path: '/admins', roles: ['admin'] }),
      route({ method: 'PATCH', path: '/things/{id}', params: [{ name: 'id', id: true }], body }),
      route({
        method: 'POST',
        path: '/login',
        isPublic: true,
        limited: true,
        body,
        status: 200,
        doc: { summary: 'In.', response: null, errors: { 401: 'Wrong.' } },
      }),
    ]);
    expect(statuses(doc, '/open', 'get')).toEqual(['200']);
    expect(statuses(doc, '/signed-in', 'get')).toEqual(['200', '401']);
    expect(statuses(doc, '/admins', 'get')).toEqual(['200', '401', '403']);
    expect(statuses(doc, '/things/{id}', 'patch')).toEqual(['200', '400', '401', '404', '413']);
    expect(statuses(doc, '/login', 'post')).toEqual(['200', '400', '401', '413', '429']);
    expect(doc.paths['/open'].get.security).toEqual([]);
    expect(doc.paths['/admins'].get.security).toEqual([{ bearer: [] }]);
  });

  it('puts named wire schemas in components once and refers to them', () => {
    const doc = build([route({ path: '/a' }), route({ path: '/b', doc: { summary: 'One.', response: tripSchema } })]);
    expect(Object.keys(doc.components.schemas).sort()).toEqual([
      'BusAssignment',
      'BusProgress',
      'CancellationFee',
      'CancellationTier',
      'Error',
      'ProgressStep',
      'QuoteLine',
      'Trip',
      'TripEstimate',
    ]);
    expect(doc.paths['/b'].get.responses['200']).toEqual({
      description: 'One.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Trip' } } },
    });
    expect(JSON.stringify(doc)).not.toContain('$defs');
  });

  it('describes a request body from its zod schema, as the caller sends it', () => {
    const body = z.object({ count: z.preprocess((v) => Number(v), z.number().int().max(9)), note: z.string().max(5).optional() });
    const doc = build([route({ method: 'POST', path: '/notes', body, status: 201 })]);
    expect(doc.paths['/notes'].post.requestBody).toEqual({
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { count: { type: 'integer', maximum: 9, minimum: expect.any(Number) }, note: { type: 'string', maxLength: 5 } },
            // zod drops keys it does not know from what it validates: a caller may send more
            required: ['count'],
          },
        },
      },
    });
  });
});

describe('renderDocsPage', () => {
  it('escapes what the document says, so a summary cannot inject markup', () => {
    const doc = buildOpenApi([route({ doc: { summary: '<img src=x onerror=alert(1)> & more', response: null } })], { version: '1' });
    const html = renderDocsPage(doc);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; more');
    expect(html).not.toMatch(/<script/i);
  });
});
