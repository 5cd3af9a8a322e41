/**
 * The calls of proto/src/picture-translation.ts (`/picturetranslate`): the site's picture pairs
 * (under the account's key: a logout drops them) and the translation itself, an upload that
 * answers the translated picture and its lines (the user waits; there is no task to poll).
 */
import type { PicturePairList, PictureRenderData, PictureRenderLines, PictureTranslateData } from '@mtp/proto';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/instance';
import { uploadWithProgress } from '../../api/progress-upload';
import type { SessionUser } from '../../auth/session-user';
import { userKey } from '../../queries/query-keys';

export const PICTURE_PATHS = { pairs: 'picture/language_pairs', translate: 'picture/translate', render: 'picture/render' } as const;

export type PicturePairChoice = { src: string; tgt: string };

export const picturePairsQueryOptions = (user: SessionUser) =>
  queryOptions({
    queryKey: [...userKey(user), 'picture-pairs'] as const,
    queryFn: () => api.get<PicturePairList>(PICTURE_PATHS.pairs),
    staleTime: 10 * 60_000,
  });

/** Uploads the picture; `onProgress` gets 0..100; aborting the signal aborts it. */
export function translatePicture(
  file: File,
  pair: PicturePairChoice,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<PictureTranslateData> {
  const form = new FormData();
  form.set('src_lang', pair.src);
  form.set('tgt_lang', pair.tgt);
  form.append('file', file, file.name);
  return uploadWithProgress<PictureTranslateData>(PICTURE_PATHS.translate, form, onProgress, signal);
}

/** A pasted picture has no useful name; the server decides the format by name first, so give it one. */
export function namedPicture(file: File): File {
  if (/\.(png|jpe?g)$/i.test(file.name)) return file;
  const ext = file.type === 'image/jpeg' ? 'jpg' : 'png';
  return new File([file], `pasted.${ext}`, { type: file.type });
}

/** Draws the edited translations into the original again (the server keeps no picture); nothing is charged. */
export function renderEditedPicture(file: File, lines: PictureRenderLines, signal: AbortSignal): Promise<PictureRenderData> {
  const form = new FormData();
  form.set('lines', JSON.stringify(lines));
  form.append('file', file, file.name);
  return uploadWithProgress<PictureRenderData>(PICTURE_PATHS.render, form, () => {}, signal);
}

/** The translated PNG as a JPEG data URL (drawn by the browser: white where the PNG is transparent). */
export async function jpegOf(pngUrl: string): Promise<string> {
  const image = new Image();
  image.src = pngUrl;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 0, 0);
  return canvas.toDataURL('image/jpeg', 0.92);
}
