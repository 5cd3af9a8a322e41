/**
 * The bus through the catalog: handlers get messages typed and checked against the entry's
 * schema. A malformed job is dead at once (one delivery, its errors named), a malformed event
 * never reaches the handler, a malformed request fails the call, a reply that breaks its schema
 * is refused; pooled entries go to their pool, directed ones to one worker.
 */
import { BUS, type DeviceRecord, type JobsWithdrawn } from '@mtp/proto';
import { describe, expect, it } from 'vitest';
import {
  BusError,
  consumeDeadLettersOf,
  consumeJobsOf,
  MemoryBroker,
  MemoryBus,
  publishEventTo,
  publishJobTo,
  queueOf,
  requestOf,
  serveRequestsOf,
  subscribeTo,
  type DeadJob,
} from '../src/bus';

const bus = () => new MemoryBus(new MemoryBroker());

describe('the catalog bus', () => {
  it('hands a handler only jobs that fit the entry, and kills a malformed one at once', async () => {
    const b = bus();
    const seen: string[] = [];
    const dead: DeadJob[] = [];
    await consumeJobsOf(b, BUS.translateSegments, (job) => void seen.push(job.payload.task_id), { pool: 'acme' });
    await consumeDeadLettersOf(b, BUS.translateSegments, (d) => void dead.push(d), { pool: 'acme' });
    expect(queueOf(BUS.translateSegments, 'acme')).toBe('mt.jobs.acme');
    await publishJobTo(
      b,
      BUS.translateSegments,
      { kind: 'doc', task_id: 't1', chunk_index: 0, segments: ['a'], src_lang: 'en-us', tgt_lang: 'ja' },
      { pool: 'acme' },
    );
    await b.publishJob('mt.jobs.acme', { kind: 'doc', task_id: 't2', chunk_index: -1, segments: ['a'], src_lang: 'en-us', tgt_lang: 'ja' });
    await expect.poll(() => [seen, dead.length]).toEqual([['t1'], 1]);
    expect(dead[0]).toMatchObject({ queue: 'mt.jobs.acme', delivery_count: 1 });
    expect(dead[0]!.error).toMatch(/invalid mt\.jobs\.acme job: \/chunk_index/);
    await b.close({ deadlineMs: 100 });
  });

  it('drops a malformed event before the handler, and delivers a good one', async () => {
    const b = bus();
    const events: JobsWithdrawn[] = [];
    await subscribeTo(b, BUS.jobsWithdrawn, (e) => void events.push(e));
    await b.publish(BUS.jobsWithdrawn.subject, { task_ids: [] });
    await publishEventTo(b, BUS.jobsWithdrawn, { task_ids: ['p1'] });
    await expect.poll(() => events).toEqual([{ task_ids: ['p1'] }]);
    await b.close({ deadlineMs: 100 });
  });

  it('checks requests and replies against the entry, and sends a directed request to its worker only', async () => {
    const b = bus();
    await serveRequestsOf(b, BUS.pictureCharge, (req) => ({
      granted: req.chars < 100,
      reservation_id: `${req.project_id}:pic:${req.attempt}:${req.picture}`,
    }));
    expect(await requestOf(b, BUS.pictureCharge, { project_id: 'p', attempt: 'a', picture: 1, chars: 5 })).toEqual({
      granted: true,
      reservation_id: 'p:pic:a:1',
    });
    await expect(b.request(BUS.pictureCharge.subject, { project_id: 'p' }, { timeoutMs: 1_000 })).rejects.toThrow(
      /invalid doc\.charge request/,
    );
    // A server whose answers break the reply schema is refused by the caller.
    await b.serve(BUS.translateText.subject + '.default', () => ({ translations: 'no' }));
    await expect(requestOf(b, BUS.translateText, { texts: ['x'], src_lang: 'en-us', tgt_lang: 'ja' })).rejects.toBeInstanceOf(BusError);
    // Directed: only the named worker answers, and a directed entry needs a worker.
    await serveRequestsOf(b, BUS.assembleOnHolder, () => ({ accepted: true }), { worker: 'doc-a-1-x' });
    const job = {
      kind: 'doc.assemble' as const,
      task_id: 't',
      project_id: 'p',
      file_name: 'a.txt',
      ext: 'txt',
      source_key: 's',
      translations_key: 'k',
      result_key: 'r',
      src_lang: 'en-us' as const,
      tgt_lang: 'ja' as const,
      mode: 0 as const,
      domain: 'general' as const,
      translate_pictures: false,
      segments_total: 1,
      pool: 'default',
    };
    expect(await requestOf(b, BUS.assembleOnHolder, job, { worker: 'doc-a-1-x' })).toEqual({ accepted: true });
    await expect(requestOf(b, BUS.assembleOnHolder, job, { worker: 'doc-b-2-y' })).rejects.toMatchObject({ code: 'no_responders' });
    await expect(requestOf(b, BUS.assembleOnHolder, job)).rejects.toThrow(/directed/);
    await b.close({ deadlineMs: 100 });
  });

  it('types heartbeats from the catalog too', async () => {
    const b = bus();
    const records: DeviceRecord[] = [];
    await subscribeTo(b, BUS.deviceHeartbeat, (r) => void records.push(r));
    await b.publish(BUS.deviceHeartbeat.subject, { device_id: 'x' });
    await new Promise((r) => setTimeout(r, 20));
    expect(records).toEqual([]);
    await b.close({ deadlineMs: 100 });
  });
});
