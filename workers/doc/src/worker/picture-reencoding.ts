/**
 * Serves `doc.picture.reencode` (any document worker answers, one per request): the gateway has
 * stored an uploaded picture (a site logo) and asks for a fresh PNG of it, because the gateway
 * never decodes or draws pictures itself. The worker reads the upload from storage, re-encodes it
 * (`reencodeToPng`: format by content, size checked in the header first, decoded in a child
 * process) and writes the PNG where the request says; a refused picture writes nothing.
 */
import { serveRequestsOf, type BusSubscription } from '@mtp/platform';
import { BUS, type ReencodePictureReply, type ReencodePictureRequest } from '@mtp/proto';
import { reencodeToPng } from '../pictures/reencode-picture';
import type { DocWorkerContext } from './doc-worker-context';

/** Why 2: each re-encoding is a child process holding up to a 64 MB bitmap; uploads of logos are rare. */
const AT_ONCE = 2;

export async function servePictureReencoding(ctx: DocWorkerContext): Promise<BusSubscription> {
  let running = 0;
  const waiting: (() => void)[] = [];

  const reencode = async (req: ReencodePictureRequest): Promise<ReencodePictureReply> => {
    const source = await ctx.storage.getBuffer(req.source_key);
    const result = await reencodeToPng(source, req.max_side);
    if (result.outcome !== 'ok') {
      ctx.log(`doc worker ${ctx.workerId}: picture ${req.source_key} refused (${result.outcome}): ${result.detail}`);
      return { outcome: result.outcome, width: result.width, height: result.height };
    }
    await ctx.storage.put(req.result_key, result.png, { contentType: 'image/png' });
    return { outcome: 'ok', width: result.width, height: result.height };
  };

  return serveRequestsOf(ctx.bus, BUS.reencodePicture, async (req) => {
    if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await reencode(req);
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  });
}
