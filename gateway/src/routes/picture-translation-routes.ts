/**
 * Picture translation (`/picturetranslate`, issue 22; proto/src/picture-translation.ts):
 * `GET picture/language_pairs` and `POST picture/translate` (multipart `file`, `src_lang`,
 * `tgt_lang`, optional `domain`). Signed-in users only, and refused where the site hides pictures.
 * The gateway only checks the name and the byte count while it streams the upload into storage;
 * a document worker re-encodes, checks the pixels, OCRs and draws (services/tasks pictures).
 */
import { siteById } from '@mtp/accounts';
import { StorageLimitError } from '@mtp/platform';
import {
  AppError,
  DomainCode,
  LanguageCode,
  LIMITS,
  PICTURE_EXTENSIONS,
  PicturePairList,
  PictureRenderData,
  PictureRenderLines,
  picturePairsOf,
  PictureTranslateData,
  Reply,
} from '@mtp/proto';
import { pictureFolder, renderEditedPicture, translatePicture, type DocDeps } from '@mtp/tasks';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Value } from 'typebox/value';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { extensionOf } from './doc-upload';

export type PictureRouteDeps = { docs: DocDeps };

/** Streams the one `file` part into `key`; answers the form's fields. Size and name are checked here. */
async function receivePicture(req: FastifyRequest, deps: DocDeps, key: string): Promise<Record<string, string>> {
  if (!req.isMultipart()) throw new AppError('FILE_REQUIRED');
  const fields: Record<string, string> = {};
  let stored = false;
  for await (const part of req.parts({ limits: { fileSize: LIMITS.pictureBytes + 1, files: 1, fields: 10 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value).trim();
      continue;
    }
    if (!(PICTURE_EXTENSIONS as readonly string[]).includes(extensionOf(part.filename ?? ''))) {
      part.file.resume();
      throw new AppError('PICTURE_FORMAT', part.filename);
    }
    try {
      await deps.storage.put(key, part.file, { maxBytes: LIMITS.pictureBytes });
    } catch (err) {
      if (err instanceof StorageLimitError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('PICTURE_TOO_LARGE');
      throw err;
    }
    if (part.file.truncated) throw new AppError('PICTURE_TOO_LARGE');
    stored = true;
  }
  if (!stored) throw new AppError('FILE_REQUIRED');
  return fields;
}

/** The `lines` field of a re-render, parsed and checked against its schema. */
function renderLinesOf(field: string | undefined): PictureRenderLines {
  let parsed: unknown;
  try {
    parsed = JSON.parse(field ?? '');
  } catch {
    throw new AppError('INVALID_PARAMS', 'lines');
  }
  if (!Value.Check(PictureRenderLines, parsed)) throw new AppError('INVALID_PARAMS', 'lines');
  return parsed;
}

/** The site hides pictures (spec section 3 `hidePicture`): the feature is not there. */
async function requirePictures(deps: DocDeps, siteId: number): Promise<void> {
  const site = await siteById(deps.db, siteId);
  if (site.site_config.hidePicture) throw new AppError('PICTURE_HIDDEN');
}

export const pictureTranslationRoutes: FastifyPluginAsyncTypebox<PictureRouteDeps> = async (app, { docs }) => {
  app.get('/picture/language_pairs', { schema: { response: { 200: Reply(PicturePairList) } } }, async (req) => {
    const user = requireUser(req);
    await requirePictures(docs, user.siteId);
    return ok(req, { list: picturePairsOf(user.siteId).map(([src_lang, tgt_lang]) => ({ src_lang, tgt_lang })) });
  });

  app.post('/picture/translate', { schema: { response: { 200: Reply(PictureTranslateData) } } }, async (req) => {
    const user = requireUser(req);
    await requirePictures(docs, user.siteId);
    const folder = pictureFolder(randomUUID());
    try {
      const fields = await receivePicture(req, docs, `${folder}upload`);
      const { src_lang, tgt_lang, domain } = fields;
      if (!Value.Check(LanguageCode, src_lang)) throw new AppError('INVALID_PARAMS', 'src_lang');
      if (!Value.Check(LanguageCode, tgt_lang)) throw new AppError('INVALID_PARAMS', 'tgt_lang');
      if (domain !== undefined && domain !== '' && !Value.Check(DomainCode, domain)) throw new AppError('INVALID_PARAMS', 'domain');
      const data = await translatePicture(
        docs,
        { userId: user.userId, role: user.role, siteId: user.siteId },
        { src_lang, tgt_lang, domain: domain || undefined },
        `${folder}upload`,
        folder,
      );
      return ok(req, data);
    } finally {
      // Nothing of a picture is kept: the answer carries it.
      await docs.storage.deletePrefix(folder).catch((e) => req.log.error({ err: e }, 'deleting a picture folder failed'));
    }
  });

  app.post('/picture/render', { schema: { response: { 200: Reply(PictureRenderData) } } }, async (req) => {
    const user = requireUser(req);
    await requirePictures(docs, user.siteId);
    const folder = pictureFolder(randomUUID());
    try {
      const fields = await receivePicture(req, docs, `${folder}upload`);
      return ok(req, await renderEditedPicture(docs, `${folder}upload`, folder, renderLinesOf(fields.lines)));
    } finally {
      await docs.storage.deletePrefix(folder).catch((e) => req.log.error({ err: e }, 'deleting a picture folder failed'));
    }
  });
};
