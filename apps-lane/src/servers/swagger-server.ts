import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { ServerResponse } from 'node:http';
import { startStaticServer, type LoopbackServer } from '../static-server.js';

const require = createRequire(import.meta.url);

export const SWAGGER_UI_ROOT = dirname(require.resolve('swagger-ui-dist/package.json'));
export const SWAGGER_UI_VERSION = (require('swagger-ui-dist/package.json') as { version: string }).version;

/** One request the lane's little API received (what "Execute" sent). */
export interface ApiRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
}

export interface SwaggerApp extends LoopbackServer {
  /** The Swagger UI page. */
  page: string;
  /** Every /api request, in arrival order. */
  requests: ApiRequest[];
}

/**
 * Swagger UI from `swagger-ui-dist`, served with a local OpenAPI document describing a tiny
 * loopback API of the lane's own (same origin), so "Try it out" → "Execute" sends a real request
 * the task can check at the API. The page is Swagger UI's own bundle with a configuration that
 * loads nothing from outside (no validator badge, the spec from this server).
 */
export async function startSwaggerApp(): Promise<SwaggerApp> {
  const requests: ApiRequest[] = [];
  let origin = '';
  const server = await startStaticServer(SWAGGER_UI_ROOT, (request, response, body) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/' || url.pathname === '/lane.html') return send(response, 'text/html; charset=utf-8', PAGE);
    if (url.pathname === '/openapi.json') return send(response, 'application/json', JSON.stringify(openApi(origin)));
    if (url.pathname === '/terms.html') return send(response, 'text/html; charset=utf-8', TERMS);
    if (!url.pathname.startsWith('/api/')) return false;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value;
    requests.push({ method: request.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body });
    return send(response, 'application/json', JSON.stringify({ ok: true, received: requests.length }));
  });
  origin = server.origin;
  return { ...server, page: `${server.origin}/lane.html`, requests };
}

function send(response: ServerResponse, type: string, body: string): true {
  response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(body);
  return true;
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lane Pet Store API</title>
<link rel="stylesheet" href="/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/swagger-ui-bundle.js"></script>
<script>
window.ui = SwaggerUIBundle({
  url: '/openapi.json', dom_id: '#swagger-ui', layout: 'BaseLayout', filter: true,
  validatorUrl: null, deepLinking: false, tryItOutEnabled: false,
  presets: [SwaggerUIBundle.presets.apis],
});
</script></body></html>`;

const TERMS = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Terms of the Lane Pet Store</title></head>
<body><h1>Terms of service</h1><p>Be kind to pets.</p></body></html>`;

/** The OpenAPI 3.0 document of the lane's API: three tags, one short form, one long form, an API key. */
function openApi(origin: string): Record<string, unknown> {
  const query = (name: string, schema: Record<string, unknown>, description: string, required = false) => ({ name, in: 'query', required, description, schema });
  return {
    openapi: '3.0.3',
    info: {
      title: 'Lane Pet Store',
      version: '1.0.0',
      description: 'A tiny API served on loopback for the Sightline real-apps lane.',
      termsOfService: `${origin}/terms.html`,
      license: { name: 'MIT', url: `${origin}/terms.html#license` },
    },
    servers: [{ url: origin }],
    tags: [
      { name: 'pets', description: 'Pets in the store' },
      { name: 'orders', description: 'Orders for pets' },
      { name: 'users', description: 'Store users' },
    ],
    components: { securitySchemes: { api_key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } } },
    paths: {
      '/api/pets': {
        get: {
          tags: ['pets'],
          summary: 'List pets',
          operationId: 'listPets',
          parameters: [
            query('status', { type: 'string', enum: ['available', 'pending', 'sold'], default: 'available' }, 'Status of the pets to list'),
            query('limit', { type: 'integer', minimum: 1, maximum: 100 }, 'How many pets to return'),
          ],
          responses: { '200': { description: 'The pets' } },
        },
      },
      '/api/orders/{petId}': {
        post: {
          tags: ['orders'],
          summary: 'Place an order for a pet',
          operationId: 'placeOrder',
          parameters: [
            { name: 'petId', in: 'path', required: true, description: 'Pet to order', schema: { type: 'integer' } },
            query('quantity', { type: 'integer', minimum: 1 }, 'How many', true),
            query('shipDate', { type: 'string', format: 'date' }, 'When to ship (YYYY-MM-DD)'),
            query('shipping', { type: 'string', enum: ['standard', 'express', 'overnight'] }, 'Shipping speed'),
            query('giftWrap', { type: 'boolean' }, 'Wrap it as a gift'),
            query('note', { type: 'string' }, 'A note for the courier'),
            query('coupon', { type: 'string' }, 'Coupon code'),
            query('contactEmail', { type: 'string', format: 'email' }, 'Where to send updates'),
            { name: 'X-Request-Id', in: 'header', description: 'Idempotency key', schema: { type: 'string' } },
          ],
          responses: { '200': { description: 'Order placed' } },
        },
      },
      '/api/users/{username}': {
        delete: {
          tags: ['users'],
          summary: 'Delete a user',
          operationId: 'deleteUser',
          security: [{ api_key: [] }],
          parameters: [{ name: 'username', in: 'path', required: true, description: 'User to delete', schema: { type: 'string' } }],
          responses: { '200': { description: 'Deleted' } },
        },
      },
    },
  };
}
