/**
 * `terms.extract` (document scan, issue 21): the upload is read from storage and opened as for
 * translation (its refusals answer `terms.failed` with the spec's code at once: a bad file will
 * not get better on a retry), its paragraphs' terms are extracted and written as JSON (an array
 * of ExtractedTerm, best first) to `out_key`, and `terms.extracted {task_id, count}` goes to
 * `terms.results`. The answer's job id is `terms:<task_id>`, so a redelivered job's second
 * answer is the same message, not a second one; writing `out_key` again writes the same file.
 * Anything else is thrown: the queue retries it and, past its last delivery, dead-letters it.
 */
import { consumeJobsOf, publishJobTo, type Bus, type JobConsumer, type ObjectStorage } from '@mtp/platform';
import { BUS, type TermExtractionDone, type TermExtractionJob } from '@mtp/proto';
import { openDocument } from '../pipeline/open-document';
import { failureOf } from '../worker/doc-failure';
import { extractTerms, isTermLang } from './extract-terms';

export type TermJobContext = { bus: Bus; storage: ObjectStorage; workerId: string; log: (line: string) => void };

export async function extractTermsOfUpload(
  ctx: TermJobContext,
  job: TermExtractionJob,
  progress: () => void = () => {},
): Promise<TermExtractionDone> {
  const failed = (code: Extract<TermExtractionDone, { kind: 'terms.failed' }>['code'], detail: string): TermExtractionDone => {
    ctx.log(`doc worker ${ctx.workerId}: terms of ${job.task_id} refused (${code}): ${detail}`);
    return { kind: 'terms.failed', task_id: job.task_id, code, detail };
  };
  // The gateway accepts only these languages (44082); a job with another is answered, not retried.
  if (!isTermLang(job.src_lang)) return failed('FILE_TRANSLATION_FAILED', `no term extraction for ${job.src_lang}`);
  const bytes = await ctx.storage.getBuffer(job.source_key);
  progress();
  let paragraphs: string[];
  try {
    const { document } = await openDocument(job.file_name, bytes, job.src_lang);
    paragraphs = document.paragraphs.map((p) => p.text);
  } catch (err) {
    const failure = failureOf(err);
    if (!failure) throw err;
    return failed(failure.code, failure.detail);
  }
  progress();
  const terms = await extractTerms(paragraphs, job.src_lang, { progress });
  await ctx.storage.put(job.out_key, Buffer.from(JSON.stringify(terms)));
  return { kind: 'terms.extracted', task_id: job.task_id, count: terms.length };
}

/** Takes `terms.extract` jobs and answers each on `terms.results` (the worker's consumer). */
export function consumeTermExtractions(
  ctx: TermJobContext,
  opts: { concurrency: number; ackWaitMs?: number; track?: <T>(work: () => Promise<T>) => Promise<T> },
): Promise<JobConsumer> {
  const track = opts.track ?? ((work) => work());
  return consumeJobsOf(
    ctx.bus,
    BUS.termExtractions,
    (job) =>
      track(async () => {
        const done = await extractTermsOfUpload(ctx, job.payload, () => job.progress());
        await publishJobTo(ctx.bus, BUS.termExtractionResults, done, { jobId: `terms:${done.task_id}` });
      }),
    { concurrency: opts.concurrency, ackWaitMs: opts.ackWaitMs },
  );
}
