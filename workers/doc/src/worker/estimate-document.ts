/**
 * Serves `doc.estimate` (any document worker answers, one per request): the gateway stored an
 * upload under a temporary key and asks what it would cost before a task exists. The file is
 * opened and planned exactly as `doc.prepare` does (`planUpload`: format, encryption, zip bombs,
 * the section 5 limits, the sentence plan), so the answer is the count its task would reserve,
 * or the code it would fail with. Nothing is kept (no holder, no sentences written) and nothing
 * is reserved; the gateway deletes the upload.
 */
import { serveRequestsOf, type BusSubscription } from '@mtp/platform';
import { BUS, type EstimateDocumentReply, type EstimateDocumentRequest } from '@mtp/proto';
import type { DocWorkerContext } from './doc-worker-context';
import { planUpload } from './prepare-document';

/** Why 2: as preparing, opening is CPU-bound and holds the document in memory while it is planned. */
const AT_ONCE = 2;

export async function estimateDocument(ctx: DocWorkerContext, req: EstimateDocumentRequest): Promise<EstimateDocumentReply> {
  const bytes = await ctx.storage.getBuffer(req.source_key);
  const planned = await planUpload(req, bytes);
  if (!planned.ok) {
    ctx.log(`doc worker ${ctx.workerId}: estimate of ${req.source_key} refused (${planned.code}): ${planned.detail}`);
    return { outcome: 'refused', code: planned.code };
  }
  return { outcome: 'ok', chars: planned.chars, segments: planned.plan.sentences.length };
}

export async function serveEstimates(ctx: DocWorkerContext): Promise<BusSubscription> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return serveRequestsOf(ctx.bus, BUS.estimateDocument, async (req) => {
    if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await estimateDocument(ctx, req);
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  });
}
