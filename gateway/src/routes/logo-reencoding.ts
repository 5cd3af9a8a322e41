/**
 * A logo upload made safe to serve on our origin. The gateway never decodes or draws pictures
 * (heavy work is a worker's): it streams the upload into storage, asks a document worker for a
 * fresh PNG of it (`doc.picture.reencode`: format by content, size by header, a new file drawn
 * from the pixels), and reads that PNG back. Only keys travel on the bus. Both stored files are
 * deleted whatever happens; the caller saves the PNG, so a refusal or a failure saves nothing.
 */
import { requestOf, StorageLimitError, type Bus, type ObjectStorage } from '@mtp/platform';
import { AppError, BUS, LIMITS } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** What re-encoding needs: the bus to the document workers and the storage they share. */
export type PictureDeps = { bus: Bus; storage: ObjectStorage };

/** Where uploads wait for their re-encoding (ASCII keys, one folder per upload). */
const LOGO_UPLOADS = 'uploads/logos/';

/** A multipart file stream as @fastify/multipart hands it over. */
type UploadStream = Readable & { truncated?: boolean };

async function storeUpload(storage: ObjectStorage, key: string, file: UploadStream): Promise<void> {
  try {
    await storage.put(key, file, { maxBytes: LIMITS.logoBytes });
  } catch (err) {
    if (err instanceof StorageLimitError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('LOGO_INVALID');
    throw err;
  }
  if (file.truncated) throw new AppError('LOGO_INVALID');
}

/**
 * The upload as a PNG we drew ourselves. LOGO_INVALID: too large, not a PNG or JPEG by content,
 * over 4096 pixels a side, or bytes that do not decode. FILE_CONVERT_FAILED: no document worker
 * on the bus, or none answering in time (the cause goes to the log).
 */
export async function reencodeLogo(deps: PictureDeps | null, file: UploadStream): Promise<Buffer> {
  if (!deps) {
    file.resume();
    throw new AppError('FILE_CONVERT_FAILED', undefined, { cause: new Error('no object storage: logos cannot be re-encoded') });
  }
  const folder = `${LOGO_UPLOADS}${randomUUID()}/`;
  const sourceKey = `${folder}upload`;
  const resultKey = `${folder}logo.png`;
  try {
    await storeUpload(deps.storage, sourceKey, file);
    let reply;
    try {
      reply = await requestOf(deps.bus, BUS.reencodePicture, {
        source_key: sourceKey,
        result_key: resultKey,
        max_side: LIMITS.picturePixels,
      });
    } catch (err) {
      throw new AppError('FILE_CONVERT_FAILED', undefined, { cause: err });
    }
    if (reply.outcome !== 'ok') throw new AppError('LOGO_INVALID');
    return await deps.storage.getBuffer(resultKey);
  } finally {
    await deps.storage.deletePrefix(folder).catch(() => {});
  }
}
