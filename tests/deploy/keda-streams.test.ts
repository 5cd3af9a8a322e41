/**
 * The KEDA triggers read consumer lag from JetStream by stream and consumer name. Names that do
 * not exist make KEDA see no lag, and the workers never scale: a silent failure. So the workers
 * are started here for real, as each ScaledObject's target would run them (its image's worker,
 * its MT_POOL), on a NATS server of this test's own, and every trigger must name a stream and a
 * durable consumer that those processes created; and every queue a worker consumes must have a
 * trigger (a new queue without one would never wake a scaled-down pool).
 */
import { connectNatsBus, type NatsBus } from '@mtp/platform';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useOwnNats } from '../support/fault-support';
import { killAll, startWorkerProcess } from '../support/processes';
import { envValue, findKubectl, OVERLAYS, render, scaledObjects, targetOf, type Manifest } from './render-manifests';

type WorkerKind = 'mt' | 'doc';
type Served = { kind: WorkerKind; pool: string | undefined };
const key = (s: Served) => `${s.kind}:${s.pool ?? ''}`;

const nats = useOwnNats();
const children: ChildProcess[] = [];
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtp-deploy-keda-'));
let bus: NatsBus;
/** What each kind of worker, in each pool, created: `stream/consumer` pairs. */
const created = new Map<string, Set<string>>();
const rendered = new Map<string, Manifest[]>();

function servedBy(docs: Manifest[], name: string): Served {
  const so = scaledObjects(docs).find((s) => s.metadata.name === name)!;
  const worker = targetOf(docs, so).spec.template.spec.containers[0]!;
  const kind: WorkerKind = /mtp-doc-worker/.test(worker.image) ? 'doc' : 'mt';
  return { kind, pool: envValue(worker, 'MT_POOL') };
}

async function streamConsumers(): Promise<Set<string>> {
  const jsm = await bus.connection.jetstreamManager();
  const pairs = new Set<string>();
  for (const stream of await jsm.streams.list().next()) {
    for (const consumer of await jsm.consumers.list(stream.config.name).next()) pairs.add(`${stream.config.name}/${consumer.name}`);
  }
  return pairs;
}

const kubectl = findKubectl();

describe.skipIf(!kubectl)('KEDA triggers against the streams the workers create', () => {
  beforeAll(async () => {
    for (const overlay of OVERLAYS) rendered.set(overlay, render(`overlays/${overlay}`));
    const wanted = new Map<string, Served>();
    for (const docs of rendered.values()) {
      for (const so of scaledObjects(docs)) {
        const served = servedBy(docs, so.metadata.name);
        wanted.set(key(served), served);
      }
    }
    bus = await connectNatsBus({ url: nats.url, name: 'deploy-keda-test' });
    // One at a time: what appeared after a worker started is what that worker created.
    for (const served of wanted.values()) {
      const before = await streamConsumers();
      await startWorkerProcess(
        served.kind,
        {
          NATS_URL: nats.url,
          STORAGE_DIR: storageDir,
          DEVICE_ID: `deploy-${served.kind}-${served.pool ?? 'default'}`,
          ...(served.pool ? { MT_POOL: served.pool } : {}),
        },
        children,
      );
      const after = await streamConsumers();
      created.set(key(served), new Set([...after].filter((p) => !before.has(p))));
    }
  }, 300_000);

  afterAll(async () => {
    killAll(children);
    await bus?.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it.each(OVERLAYS)(
    '%s: every trigger names a stream and consumer its workers created, and every queue they consume has a trigger',
    (overlay) => {
      const docs = rendered.get(overlay)!;
      for (const so of scaledObjects(docs)) {
        const served = servedBy(docs, so.metadata.name);
        const made = created.get(key(served))!;
        expect(made.size, `${key(served)} created no consumer`).toBeGreaterThan(0);
        const triggered = so.spec.triggers
          .filter((t) => t.type === 'nats-jetstream')
          .map((t) => `${t.metadata.stream}/${t.metadata.consumer}`);
        for (const t of triggered) expect(made, `${so.metadata.name}: ${t}`).toContain(t);
        expect(new Set(triggered), so.metadata.name).toEqual(made);
      }
    },
  );
});
