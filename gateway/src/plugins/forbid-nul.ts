/**
 * Refuses a NUL character (U+0000) anywhere in a request's JSON body, query string or path
 * parameters with 40000, before validation and before any handler: PostgreSQL cannot store
 * NUL in text, so such a string would otherwise end as a 500 deep inside a query. Multipart
 * forms are streamed by their handlers, which check their fields against the proto schemas.
 */
import { AppError } from '@mtp/proto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The path of the first string (value or key) containing NUL, or null when there is none. */
export function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  // Parsed JSON is acyclic; the depth bound only keeps a pathological body from costing much.
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path;
    const found = findNul(item, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

export const forbidNulPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const where =
      findNul(request.params, 'params') ??
      findNul(request.query, 'query') ??
      (request.isMultipart() ? null : findNul(request.body, 'body'));
    if (where) throw new AppError('INVALID_PARAMS', `${where} contains a NUL character`);
  });
});
