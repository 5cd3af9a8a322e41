/**
 * Re-rendering a picture with the user's edited translations (`POST picture/render`): the
 * original is uploaded again (nothing of a picture is kept between calls, see README), checked
 * and re-encoded exactly as for translating (`doc.picture.read` without OCR, so a bad picture
 * answers the same codes), and the lines are drawn into it (`doc.picture.render`). No MT runs,
 * so nothing is charged and no trial is taken; boxes must lie inside the picture.
 */
import { requestOf } from '@mtp/platform';
import { AppError, BUS, LIMITS, type PictureRenderData, type PictureRenderLines } from '@mtp/proto';
import type { DocDeps } from '../documents/doc-deps';
import { askWorker, refusalOf } from './translate-picture';

export async function renderEditedPicture(
  deps: Pick<DocDeps, 'bus' | 'storage'>,
  sourceKey: string,
  folder: string,
  lines: PictureRenderLines,
): Promise<PictureRenderData> {
  const pngKey = `${folder}source.png`;
  const read = await askWorker(() =>
    requestOf(deps.bus, BUS.readPicture, {
      source_key: sourceKey,
      png_key: pngKey,
      src_lang: 'en-us',
      max_side: LIMITS.picturePixels,
      ocr: false,
    }),
  );
  if (read.outcome !== 'ok') throw refusalOf(read);
  const outside = lines.findIndex(
    ({ box }) => box.left < 0 || box.top < 0 || box.left + box.width > read.width || box.top + box.height > read.height,
  );
  if (outside >= 0) throw new AppError('INVALID_PARAMS', `lines[${outside}].box`);
  const resultKey = `${folder}edited.png`;
  await askWorker(() => requestOf(deps.bus, BUS.renderPicture, { png_key: pngKey, result_key: resultKey, lines }));
  const png = await deps.storage.getBuffer(resultKey);
  return { image: `data:image/png;base64,${png.toString('base64')}` };
}
