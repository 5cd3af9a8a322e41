/**
 * Prints the p50/p95 latency of a single-sentence text translation through the gateway (real
 * HTTP, `text/translate`) with the MT worker as its own process behind a real NATS server, on
 * the committed tiny en-us_zh-cn model. Every sentence is different, so none comes from the
 * cache. Figures only; no assertions.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BENCH_MODELS_DIR as MODELS_DIR, startMtWorkerPlatform } from './support/mt-worker-platform';

const REQUESTS = 200;
const WARMUP = 10;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const { api, adminToken: token, close } = await startMtWorkerPlatform('mtp-bench-');
try {
  const heldout = (await readFile(path.join(MODELS_DIR, 'en-us_zh-cn/heldout.tsv'), 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t')[0]!);

  const times: number[] = [];
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const t = performance.now();
    const res = await fetch(`${api}/text/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ text: heldout[i % heldout.length], src_lang: 'en-us', tgt_lang: 'zh-cn' }),
    });
    const body = await res.json();
    if (body.code !== 20000) throw new Error(`translation failed: ${body.msg}`);
    if (i >= WARMUP) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `text/translate via NATS worker (tiny model, 1 sentence)  n=${REQUESTS}  p50=${percentile(times, 50).toFixed(1)} ms  p95=${percentile(times, 95).toFixed(1)} ms`,
  );
} finally {
  await close();
}
