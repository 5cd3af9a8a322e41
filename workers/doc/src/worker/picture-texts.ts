/**
 * The text found in a document's pictures, translated while the file is written. Each picture's
 * lines are first charged (`doc.charge`: the tasks service reserves them on the ledger under an
 * id of their own, `<project>:pic:<attempt>:<n>`; a picture the user's characters do not cover
 * stays as it was), then go to MT as a `picture` job on the pool's batch queue (`mt.jobs`, never
 * the interactive subject people wait on), whose answer comes straight back to this worker. The
 * tasks service settles the reservations of the attempt that wrote the file and refunds the rest.
 */
import { BusError, publishJobTo, requestOf, subscribeTo, type Bus, type BusSubscription } from '@mtp/platform';
import { BUS, segmentJobId, workerSubject, type Domain, type LanguageCode, type PictureTexts } from '@mtp/proto';

/**
 * Why 10 minutes: a picture job waits behind the document chunks already queued on its pool; past
 * this the MT pool is stuck, and the picture is left as it was (and not charged).
 */
export const PICTURE_WAIT_MS = 10 * 60_000;
/** Why 30 s: the writer's ack wait is 2 minutes; progress well inside it keeps the job alive while it waits. */
const PROGRESS_EVERY_MS = 30_000;

export type PictureFile = { projectId: string; attempt: string; src: LanguageCode; tgt: LanguageCode; domain: Domain; pool: string };

type Waiting = { resolve: (answer: PictureTexts) => void };

export class PictureTranslator {
  private readonly waiting = new Map<string, Waiting>();
  private subscription?: BusSubscription;

  private constructor(
    private readonly bus: Bus,
    private readonly workerId: string,
    private readonly waitMs: number,
  ) {}

  static async start(bus: Bus, workerId: string, opts: { waitMs?: number } = {}): Promise<PictureTranslator> {
    const translator = new PictureTranslator(bus, workerId, opts.waitMs ?? PICTURE_WAIT_MS);
    translator.subscription = await subscribeTo(
      bus,
      BUS.pictureTexts,
      (answer) => translator.waiting.get(answer.task_id)?.resolve(answer),
      {
        worker: workerId,
      },
    );
    return translator;
  }

  /**
   * One picture's lines translated, or null to leave it as it was (not paid for, or MT failed);
   * `charged` collects the reservation ids of pictures translated and the characters they hold.
   */
  async translate(
    file: PictureFile,
    picture: number,
    texts: string[],
    charged: { reservations: string[]; chars: number },
    progress: () => void,
  ): Promise<string[] | null> {
    const chars = texts.reduce((n, text) => n + [...text].length, 0);
    if (chars === 0) return texts;
    let charge;
    try {
      charge = await requestOf(this.bus, BUS.pictureCharge, { project_id: file.projectId, attempt: file.attempt, picture, chars });
    } catch (err) {
      // The ledger cannot be reached: the picture stays as it was rather than go unpaid.
      if (err instanceof BusError) return null;
      throw err;
    }
    if (!charge.granted) return null;
    const taskId = charge.reservation_id;
    const answer = new Promise<PictureTexts>((resolve) => this.waiting.set(taskId, { resolve }));
    try {
      const job = {
        kind: 'picture' as const,
        task_id: taskId,
        chunk_index: 0,
        segments: texts,
        src_lang: file.src,
        tgt_lang: file.tgt,
        domain: file.domain,
        reply_to: workerSubject(BUS.pictureTexts, this.workerId),
      };
      await publishJobTo(this.bus, BUS.translateSegments, job, { pool: file.pool, jobId: segmentJobId(job) });
      const result = await this.wait(answer, progress);
      if (!result || result.error || result.translations.length !== texts.length) return null;
      charged.reservations.push(taskId);
      charged.chars += chars;
      return result.translations;
    } finally {
      this.waiting.delete(taskId);
    }
  }

  private async wait(answer: Promise<PictureTexts>, progress: () => void): Promise<PictureTexts | null> {
    const ticker = setInterval(progress, PROGRESS_EVERY_MS);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), this.waitMs)));
    try {
      return await Promise.race([answer, timeout]);
    } finally {
      clearInterval(ticker);
      clearTimeout(timer);
    }
  }

  async stop(): Promise<void> {
    await this.subscription?.unsubscribe();
    for (const [taskId, waiting] of this.waiting) waiting.resolve({ task_id: taskId, translations: [], error: 'the worker is stopping' });
  }
}
