/**
 * Serves `doc.pe.segments` (request-reply, any document worker): the sentences of a translated
 * file for post-editing. The stored upload is opened and planned exactly as `doc.prepare` did
 * (the same `openDocument` and `planSentences`), so sentence n here is sentence n of the
 * translation and the tasks service can pair each with its stored translation. Each sentence
 * carries the index of its plan paragraph, so an export can lay edited targets back in by
 * paragraph. Nothing is kept; a bad file answers its refusal code.
 */
import { serveRequestsOf, type BusSubscription } from '@mtp/platform';
import { BUS, type PeSegmentsReply, type PeSegmentsRequest } from '@mtp/proto';
import { openDocument } from '../pipeline/open-document';
import { planSentences, type SentencePlan } from '../pipeline/sentence-plan';
import { failureOf } from '../worker/doc-failure';
import type { DocWorkerContext } from '../worker/doc-worker-context';

/** One sentence as post-editing stores it. */
export type PeSourceSegment = { text: string; paragraph: number };

/** Why 2: as estimating and preparing, opening is CPU-bound and holds the document in memory. */
const AT_ONCE = 2;

/** The plan's sentences with the index of the plan paragraph each belongs to, in document order. */
export function segmentsOfPlan(plan: SentencePlan): PeSourceSegment[] {
  const out: PeSourceSegment[] = [];
  let next = 0;
  plan.paragraphs.forEach((paragraph, index) => {
    for (let k = 0; k < paragraph.count; k += 1) out.push({ text: plan.sentences[next + k]!, paragraph: index });
    next += paragraph.count;
  });
  return out;
}

export async function postEditSegments(
  ctx: Pick<DocWorkerContext, 'storage' | 'log' | 'workerId'>,
  req: PeSegmentsRequest,
): Promise<PeSegmentsReply> {
  const bytes = await ctx.storage.getBuffer(req.source_key);
  let plan: SentencePlan;
  try {
    const { document } = await openDocument(req.file_name, bytes, req.src_lang);
    plan = planSentences(document.paragraphs, req.src_lang);
  } catch (err) {
    const failure = failureOf(err);
    if (!failure) throw err;
    ctx.log(`doc worker ${ctx.workerId}: segments of ${req.source_key} refused (${failure.code}): ${failure.detail}`);
    return { outcome: 'refused', code: failure.code };
  }
  const segments = segmentsOfPlan(plan);
  await ctx.storage.put(req.out_key, Buffer.from(JSON.stringify(segments)));
  return { outcome: 'ok', segments: segments.length, paragraphs: plan.paragraphs.length };
}

export async function servePostEditSegments(ctx: DocWorkerContext): Promise<BusSubscription> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return serveRequestsOf(ctx.bus, BUS.postEditSegments, async (req) => {
    if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await postEditSegments(ctx, req);
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  });
}
