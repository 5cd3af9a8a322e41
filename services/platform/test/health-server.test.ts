/**
 * The worker probes: /healthz is liveness only, /readyz answers 503 naming a check that throws,
 * answers false or hangs, and 503 once the worker drains; HEALTH_PORT is checked.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { healthPortFrom, startHealthServer, type HealthServer } from '../src/health-server';

let server: HealthServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server!.url}${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the worker health server', () => {
  it('answers ready while every check passes', async () => {
    server = await startHealthServer({ host: '127.0.0.1', checks: { bus: async () => 3, models: () => true } });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await get('/readyz')).toEqual({ status: 200, body: { status: 'ok', bus: true, models: true } });
  });

  it('answers 503 naming the check that throws, answers false or hangs; /healthz stays 200', async () => {
    let busUp = false;
    server = await startHealthServer({
      host: '127.0.0.1',
      checkTimeoutMs: 200,
      checks: {
        bus: () => {
          if (!busUp) throw new Error('no connection');
        },
        storage: () => new Promise(() => {}),
        models: () => false,
      },
    });
    expect(await get('/readyz')).toEqual({ status: 503, body: { status: 'unavailable', bus: false, storage: false, models: false } });
    busUp = true;
    expect((await get('/readyz')).body).toMatchObject({ bus: true, storage: false });
    expect((await get('/healthz')).status).toBe(200);
    expect((await get('/other')).status).toBe(404);
  });

  it('answers 503 at once when draining', async () => {
    server = await startHealthServer({ host: '127.0.0.1', checks: { bus: () => true } });
    expect((await get('/readyz')).status).toBe(200);
    server.setDraining();
    expect(await get('/readyz')).toEqual({ status: 503, body: { status: 'draining' } });
    expect((await get('/healthz')).status).toBe(200);
  });

  it('reads HEALTH_PORT, refusing a wrong one', () => {
    expect(healthPortFrom({})).toBe(0);
    expect(healthPortFrom({ HEALTH_PORT: '8081' })).toBe(8081);
    expect(() => healthPortFrom({ HEALTH_PORT: 'eighty' })).toThrow(/HEALTH_PORT/);
    expect(() => healthPortFrom({ HEALTH_PORT: '70000' })).toThrow(/HEALTH_PORT/);
  });
});
