/**
 * Picture translation (issue 22 item 1), request-reply: the user waits on the answer as on a
 * document estimate, because one picture is seconds of work (3 MB, 4096x4096 at most) and a
 * queued task with polling would add a table, a results consumer and a sweeper rule for nothing
 * the user could do meanwhile. The gateway has stored the upload; here:
 *
 * 1. the site's picture pair and an engine for it are checked (nothing stored or charged yet);
 * 2. a document worker re-encodes and OCRs it (`doc.picture.read`); a bad picture answers its own
 *    code (`refusalOf`) before any trial or character is touched;
 * 3. a free plan's trial is taken (given back if anything after fails);
 * 4. the lines are translated as a batch (`translateBatch`: TM exact matches, termbase enforced,
 *    MT), which reserves their characters first; its settle is held back until
 * 5. a document worker has drawn the translations into the picture (`doc.picture.render`); any
 *    failure refunds the reservation, so a picture that never came back costs nothing.
 */
import { inTransaction, requestOf } from '@mtp/platform';
import {
  AppError,
  BUS,
  LIMITS,
  PICTURE_BOMB_PIXELS,
  picturePairsOf,
  type Domain,
  type LanguageCode,
  type PictureTranslateData,
  type ReadPictureReply,
} from '@mtp/proto';
import type { DocDeps } from '../documents/doc-deps';
import { checkPair } from '../documents/doc-submit';
import type { QuotaPort } from '../ports';
import { translateBatch } from '../text-batch';
import { giveTrialBack, takeTrial } from '../trials';

export type PictureSubmitter = { userId: number; role: number; siteId: number };
export type PictureForm = { src_lang: LanguageCode; tgt_lang: LanguageCode; domain?: Domain | undefined };

/** Where one picture's files live while it is translated; the caller deletes the folder. */
export const pictureFolder = (id: string) => `uploads/pictures/${id}/`;

/** The site's picture pairs, then an engine for the pair (spec section 3). */
export async function checkPicturePair(deps: Pick<DocDeps, 'mt'>, siteId: number, form: PictureForm): Promise<void> {
  if (!picturePairsOf(siteId).some(([s, t]) => s === form.src_lang && t === form.tgt_lang)) throw new AppError('PICTURE_PAIR_UNSUPPORTED');
  await checkPair(deps, { ...form, domain: form.domain ?? 'general', mode: 0, translate_pictures: false });
}

/** A worker's refusal as the user's error: each bad picture its own code. */
export function refusalOf(reply: ReadPictureReply): AppError {
  if (reply.outcome === 'not_a_picture') return new AppError('PICTURE_NOT_IMAGE');
  if (reply.outcome === 'undecodable') return new AppError('PICTURE_DAMAGED');
  // A header declaring far more pixels than any picture we take is a bomb, not a big photo.
  if (reply.width * reply.height > PICTURE_BOMB_PIXELS) return new AppError('PICTURE_BOMB', `${reply.width}x${reply.height}`);
  return new AppError('PICTURE_DIMENSIONS', `${reply.width}x${reply.height}`);
}

/** A ledger whose settle waits for the picture: `settleNow` settles it, `refundNow` refunds it. */
function heldLedger(quota: QuotaPort) {
  let held: { taskId: string; chars: number } | null = null;
  const port: QuotaPort = { ...quota, settle: async (taskId, chars) => void (held = { taskId, chars }) };
  return {
    port,
    settleNow: async () => held && (await quota.settle(held.taskId, held.chars)),
    refundNow: async () => held && (await quota.refund(held.taskId)),
  };
}

export async function askWorker<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (err) {
    // No document worker, or none answering in time: nothing was charged.
    throw new AppError('FILE_CONVERT_FAILED', undefined, { cause: err });
  }
}

export async function translatePicture(
  deps: DocDeps,
  submitter: PictureSubmitter,
  form: PictureForm,
  sourceKey: string,
  folder: string,
): Promise<PictureTranslateData> {
  await checkPicturePair(deps, submitter.siteId, form);
  const pngKey = `${folder}source.png`;
  const read = await askWorker(() =>
    requestOf(deps.bus, BUS.readPicture, {
      source_key: sourceKey,
      png_key: pngKey,
      src_lang: form.src_lang,
      max_side: LIMITS.picturePixels,
    }),
  );
  if (read.outcome !== 'ok') throw refusalOf(read);
  if (read.lines.length === 0) throw new AppError('PICTURE_NO_TEXT');

  const plan = await deps.planOf(submitter.userId);
  const trialTaken = await inTransaction(deps.db, (client) =>
    takeTrial(client, { userId: submitter.userId, role: submitter.role, plan }, 'picture'),
  );
  const ledger = heldLedger(deps.quota);
  try {
    const batch = await translateBatch(
      {
        db: deps.db,
        mt: deps.mt,
        quota: ledger.port,
        tm: deps.tm,
        log: deps.log,
        routeFor: deps.routeFor,
        detect: () => ({ lang: 'unknown', confidence: 0 }),
      },
      { userId: submitter.userId },
      { texts: read.lines.map((l) => l.text), src_lang: form.src_lang, tgt_lang: form.tgt_lang, domain: form.domain },
    );
    const resultKey = `${folder}translated.png`;
    const lines = read.lines.map((l, i) => ({
      box: l.box,
      text: batch.translations[i]!.translated,
      ...(l.vertical ? { vertical: true } : {}),
    }));
    await askWorker(() => requestOf(deps.bus, BUS.renderPicture, { png_key: pngKey, result_key: resultKey, lines }));
    const png = await deps.storage.getBuffer(resultKey);
    await ledger.settleNow();
    return {
      src_lang: batch.src_lang,
      tgt_lang: batch.tgt_lang,
      width: read.width,
      height: read.height,
      image: `data:image/png;base64,${png.toString('base64')}`,
      lines: read.lines.map((l, i) => ({
        source: l.text,
        translated: lines[i]!.text,
        box: l.box,
        confidence: l.confidence,
        ...(l.vertical ? { vertical: true } : {}),
      })),
      chars: batch.chars,
    };
  } catch (err) {
    await ledger.refundNow().catch((e) => deps.log(`picture: refund failed (the sweeper retries): ${e}`));
    if (trialTaken)
      await giveTrialBack(deps.db, submitter.userId, 'picture').catch((e) => deps.log(`picture: giving a trial back failed: ${e}`));
    throw err;
  }
}
