/**
 * Requests and latency by route. The route label is the route's pattern as registered
 * (`/api/v1.0/request_translate/doc/download/:projectId`), never the URL a client sent: ids and
 * query strings would make a new series per request. Paths no route matches share one label,
 * and so do the web app's hashed asset files (their names change with every build).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

export const UNMATCHED_ROUTE = 'unmatched';
const ASSETS_ROUTE = '/assets/*';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Why these buckets: most calls answer in milliseconds, a synchronous text translation in
 * seconds, and BUS.translateText gives up at 30 s; past that nothing is worth telling apart.
 */
const LATENCY_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function routeLabel(request: FastifyRequest): string {
  const pattern = request.is404 ? undefined : request.routeOptions.url;
  if (!pattern) return UNMATCHED_ROUTE;
  return pattern.startsWith('/assets/') ? ASSETS_ROUTE : pattern;
}

/** Counts every answered request in `registry` (an onResponse hook on the whole app). */
export function recordHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const requests = new Counter({
    name: 'mtp_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class (2xx, 4xx...).',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'mtp_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS_S,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    const route = routeLabel(request);
    requests.inc({ method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` });
    latency.observe({ method, route }, reply.elapsedTime / 1000);
  });
}
