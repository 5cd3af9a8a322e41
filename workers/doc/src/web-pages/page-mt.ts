/**
 * A page's texts through MT: each chunk (page-chunks.ts: the first screen, then 40 texts a job)
 * goes to the pool's batch queue (`mt.jobs`, as a document's pictures do: `picture`-kind jobs
 * answered straight to this worker on `doc.holder.<worker>.webtexts`), never the interactive
 * subject people wait on. Chunks run one after another in page order, so the top of the page
 * (the first screen) is translated first and `onChunk` can write a partial page after it.
 */
import { publishJobTo, subscribeTo, type Bus, type BusSubscription } from '@mtp/platform';
import { BUS, segmentJobId, workerSubject, type LanguageCode, type PictureTexts } from '@mtp/proto';

/** Why 10 minutes: as a document picture: past this the MT pool is stuck and the page fails (refunded). */
const CHUNK_WAIT_MS = 10 * 60_000;

export class PageTranslator {
  private readonly waiting = new Map<string, (answer: PictureTexts) => void>();
  private subscription?: BusSubscription;

  private constructor(
    private readonly bus: Bus,
    private readonly workerId: string,
    private readonly waitMs: number,
  ) {}

  static async start(bus: Bus, workerId: string, waitMs = CHUNK_WAIT_MS): Promise<PageTranslator> {
    const translator = new PageTranslator(bus, workerId, waitMs);
    translator.subscription = await subscribeTo(bus, BUS.webTexts, (answer) => translator.waiting.get(answer.task_id)?.(answer), {
      worker: workerId,
    });
    return translator;
  }

  /**
   * The translations of all chunks in order, or throws (the job then answers
   * FILE_TRANSLATION_FAILED); `onChunk` runs after each chunk with everything translated so far.
   */
  async translate(
    taskId: string,
    chunks: readonly (readonly string[])[],
    pair: { src: LanguageCode; tgt: LanguageCode; pool: string },
    onChunk: (chunk: number, soFar: readonly string[]) => Promise<void>,
  ): Promise<string[]> {
    const out: string[] = [];
    for (const [chunk, segments] of chunks.entries()) {
      const id = `${taskId}:web:${chunk}`;
      const answer = new Promise<PictureTexts>((resolve) => this.waiting.set(id, resolve));
      let timer: NodeJS.Timeout | undefined;
      try {
        const job = {
          kind: 'picture' as const,
          task_id: id,
          chunk_index: 0,
          segments: [...segments],
          src_lang: pair.src,
          tgt_lang: pair.tgt,
          reply_to: workerSubject(BUS.webTexts, this.workerId),
        };
        await publishJobTo(this.bus, BUS.translateSegments, job, { pool: pair.pool, jobId: segmentJobId(job) });
        const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), this.waitMs)));
        const result = await Promise.race([answer, timeout]);
        if (!result) throw new Error(`MT did not answer chunk ${chunk} in time`);
        if (result.error || result.translations.length !== segments.length) throw new Error(`MT failed chunk ${chunk}: ${result.error}`);
        out.push(...result.translations);
      } finally {
        clearTimeout(timer);
        this.waiting.delete(id);
      }
      await onChunk(chunk, out);
    }
    return out;
  }

  async stop(): Promise<void> {
    await this.subscription?.unsubscribe();
    for (const [id, resolve] of this.waiting) resolve({ task_id: id, translations: [], error: 'the worker is stopping' });
  }
}
