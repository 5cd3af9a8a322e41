/**
 * The scaling bench's text load, in a client process of its own: N connections each send one
 * `POST` after another until the time is up, then wait for their last answer, so every request
 * sent is finished when this process ends. The bench reads the platform's CPU around the whole
 * run and divides by the requests done: with autocannon's fixed window the requests still in
 * the works at its end (up to one per connection) were paid for but not counted, which with a
 * slow model and a short run is a large share. Each request takes the next text of the list
 * (a counter shared by the connections), so no text repeats while the list lasts.
 * Prints one JSON line: requests done, seconds from the first send to the last answer, refusals
 * (any answer but code 20000) with the first one, and how many texts were used.
 *
 * Usage: node --import tsx bench/support/text-closed-load.ts <spec.json>
 *   spec: { url, token, connections, seconds, texts: string[], fields: object }
 */
import { readFile } from 'node:fs/promises';

type Spec = { url: string; token: string; connections: number; seconds: number; texts: string[]; fields: Record<string, unknown> };
const spec = JSON.parse(await readFile(process.argv[2]!, 'utf8')) as Spec;

let next = 0;
let done = 0;
let refusals = 0;
let firstRefusal = '';
const started = performance.now();
const deadline = started + spec.seconds * 1000;

async function connection(): Promise<void> {
  while (performance.now() < deadline) {
    const text = spec.texts[next++ % spec.texts.length];
    const res = await fetch(spec.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${spec.token}` },
      body: JSON.stringify({ ...spec.fields, text }),
    });
    const body = await res.text();
    done += 1;
    if (res.status === 200 && body.includes('"code":20000')) continue;
    refusals += 1;
    firstRefusal ||= `${res.status} ${body.slice(0, 200)}`;
  }
}

await Promise.all(Array.from({ length: spec.connections }, connection));
const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ done, seconds, refusals, firstRefusal, textsUsed: Math.min(next, spec.texts.length) }));
