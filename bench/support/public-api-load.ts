/**
 * The load generator of bench/public-api.bench.ts, run as its own process (so the load does not
 * share the platform's event loop): autocannon's API against one JSON POST call, with a bearer
 * token, for a while, at N connections. Each request takes the next text of a shared list
 * (`setupRequest`, a counter across all connections), so texts repeat only once the list is
 * used up. A native refusal is HTTP 200 too, so each answer's `code` is checked: anything but
 * 20000 counts as a refusal. Prints one JSON line: requests/s, p50/p99 latency, errors, non-2xx,
 * refusals and the first refusal seen.
 *
 * Usage: node --import tsx bench/support/public-api-load.ts <spec.json>
 *   spec: { url, tokens: string[], connections, seconds, texts: string[], fields: object }
 *   (requests take the tokens in turn: several keys of several owners spread the ledger's per-owner lock)
 */
import autocannon from 'autocannon';
import { readFile } from 'node:fs/promises';

type Spec = { url: string; tokens: string[]; connections: number; seconds: number; texts: string[]; fields: Record<string, unknown> };

const spec = JSON.parse(await readFile(process.argv[2]!, 'utf8')) as Spec;

let next = 0;
let refusals = 0;
let firstRefusal = '';

const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  requests: [
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => {
        const n = next++;
        const text = spec.texts[n % spec.texts.length];
        const headers = { ...request.headers, authorization: `Bearer ${spec.tokens[n % spec.tokens.length]}` };
        return { ...request, headers, body: JSON.stringify({ ...spec.fields, text }) };
      },
      onResponse: (status, body) => {
        if (status === 200 && body.includes('"code":20000')) return;
        refusals += 1;
        firstRefusal ||= `${status} ${body.slice(0, 200)}`;
      },
    },
  ],
});

console.log(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    refusals,
    firstRefusal,
    distinctTexts: Math.min(next, spec.texts.length),
  }),
);
