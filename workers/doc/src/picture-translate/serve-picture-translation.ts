/**
 * Serves picture translation's two steps (any document worker answers, one per request):
 * `doc.picture.read` re-encodes the stored upload, writes the PNG where the request says and
 * answers its lines; `doc.picture.render` draws translated lines into that PNG (`redrawPicture`:
 * erased with the surrounding colour, fitted to the box, Noto CJK) and writes the result. The
 * tasks service translates and charges in between, so nothing here touches the ledger.
 */
import { serveRequestsOf, type BusSubscription } from '@mtp/platform';
import { BUS } from '@mtp/proto';
import { redrawPicture } from '../pictures/index';
import type { DocWorkerContext } from '../worker/doc-worker-context';
import { readPicture } from './read-picture';

/** Why 2: each step holds a decoded picture (up to 64 MB) and OCR is CPU-bound. */
const AT_ONCE = 2;

function limiter(): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

export async function servePictureTranslation(ctx: DocWorkerContext): Promise<BusSubscription[]> {
  const limit = limiter();
  const read = await serveRequestsOf(ctx.bus, BUS.readPicture, (req) =>
    limit(async () => {
      const { png, ...reply } = await readPicture(await ctx.storage.getBuffer(req.source_key), req.src_lang, req.max_side, req.ocr ?? true);
      if (png) await ctx.storage.put(req.png_key, png, { contentType: 'image/png' });
      else ctx.log(`doc worker ${ctx.workerId}: picture ${req.source_key} refused (${reply.outcome})`);
      return reply;
    }),
  );
  const render = await serveRequestsOf(ctx.bus, BUS.renderPicture, (req) =>
    limit(async () => {
      const drawn = await redrawPicture(await ctx.storage.getBuffer(req.png_key), req.lines, 'png');
      await ctx.storage.put(req.result_key, drawn, { contentType: 'image/png' });
      return { ok: true };
    }),
  );
  return [read, render];
}
