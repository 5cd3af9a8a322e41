import { assertQueueName, assertSubject } from '@mtp/platform';
import {
  BUS,
  checkBusMessage,
  DeviceRecord,
  DocResult,
  poolSubject,
  segmentJobId,
  SegmentJob,
  TranslateTextRequest,
  workerSubject,
} from '@mtp/proto';
import { describe, expect, it } from 'vitest';

describe('the bus catalog', () => {
  it('names only valid ASCII subjects and queues, pooled ones per pool, directed ones per worker', () => {
    for (const entry of Object.values(BUS)) {
      const base = 'queue' in entry ? entry.queue : entry.subject;
      const names =
        'directed' in entry
          ? [workerSubject(entry, 'doc-host-1-abcd1234')]
          : entry.pooled
            ? [poolSubject(base), poolSubject(base, 'acme-corp')]
            : [base];
      for (const n of names) ('queue' in entry ? assertQueueName : assertSubject)(n);
    }
    expect(poolSubject(BUS.translateText.subject)).toBe('mt.translate.default');
    expect(workerSubject(BUS.assembleOnHolder, 'doc-a-1-x')).toBe('doc.holder.doc-a-1-x.assemble');
    expect(() => poolSubject('mt.jobs', 'Acme.Corp')).toThrow(/pool/);
    expect(() => workerSubject(BUS.layInOnHolder, 'host:12')).toThrow(/worker/);
  });

  it('keeps retries inside the ack wait story: delays shorter than the queue gives up', () => {
    const queues = Object.values(BUS).filter((entry) => 'queue' in entry);
    expect(queues.length).toBeGreaterThanOrEqual(5);
    for (const entry of queues) {
      expect(entry.maxDeliver).toBeGreaterThan(1);
      expect(entry.retryDelaysMs.length).toBeLessThan(entry.maxDeliver);
    }
  });

  it('checks messages against their schemas', () => {
    const job: SegmentJob = { kind: 'doc', task_id: 't1', chunk_index: 0, segments: ['你好'], src_lang: 'zh-cn', tgt_lang: 'en-us' };
    expect(checkBusMessage(SegmentJob, job)).toBe(true);
    // Jobs and results carry their kind: one without is refused.
    expect(checkBusMessage(SegmentJob, { ...job, kind: undefined })).toBe(false);
    expect(checkBusMessage(DocResult, { kind: 'doc.prepared', project_id: 'p', holder: 'h', segments_total: 3, chars: 9 })).toBe(true);
    expect(checkBusMessage(DocResult, { kind: 'doc.failed', project_id: 'p', stage: 'prepare', code: 'SERVER_ERROR', detail: '' })).toBe(
      false,
    );
    expect(segmentJobId(job)).toBe('t1:0');
    expect(checkBusMessage(TranslateTextRequest, { texts: ['hi'], src_lang: 'en-us', tgt_lang: 'ja', domain: 'it' })).toBe(true);
    expect(checkBusMessage(TranslateTextRequest, { texts: [], src_lang: 'en-us', tgt_lang: 'ja' })).toBe(false);
    // Detection happens before the bus: workers get resolved languages only.
    expect(checkBusMessage(TranslateTextRequest, { texts: ['hi'], src_lang: 'auto', tgt_lang: 'ja' })).toBe(false);
    const now = new Date().toISOString();
    const device: DeviceRecord = {
      device_id: 'd1',
      host: 'h',
      pid: 1,
      pool: 'default',
      cpu_model: 'x',
      cpu_count: 4,
      total_mem_bytes: 1,
      gpu: null,
      execution_provider: 'cpu',
      loaded_pairs: [],
      in_flight: 0,
      jobs_done: 0,
      status: 'online',
      heartbeat_ms: 5_000,
      started_at: now,
      reported_at: now,
    };
    expect(checkBusMessage(DeviceRecord, device)).toBe(true);
    expect(checkBusMessage(DeviceRecord, { ...device, execution_provider: 'rocm' })).toBe(false);
  });
});
