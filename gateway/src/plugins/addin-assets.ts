/**
 * The two add-ins' files, public and static, outside /api (no token, no limits):
 * - `/office-addin/...`: the Office add-in's task pane (office-addin/dist). Office shows it in a
 *   frame of its own pages (Office on the web, SharePoint, Office Online Server on premises: hosts
 *   no list can name), so these pages alone may be framed by any origin, and their policy lets
 *   in Office.js from Microsoft's CDN, which Office requires add-ins to load from there. The pane
 *   does nothing outside Office and holds nobody else's data, which is what framing could abuse.
 * - `/office-addin/manifest.xml`: the manifest with this server's origin filled in.
 * - `/downloads/mtp-browser-plugin.zip`: the browser plug-in's package, as an attachment.
 * A file missing because the add-in was not built answers 404 saying so.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { publicOrigin, renderManifest } from '../addin-manifest';

export type AddinAssets = {
  /** The Office add-in's build (office-addin/dist). */
  officeAddinDist: string;
  /** The browser plug-in's package (browser-plugin/dist/mtp-browser-plugin.zip). */
  browserPluginZip: string;
  /** PUBLIC_URL's origin; absent: each request's own. */
  publicUrl?: string | undefined;
};

export const OFFICE_JS_ORIGIN = 'https://appsforoffice.microsoft.com';

// Office.js loads its host scripts from its CDN and those apply inline styles (OfficeDev/office-js
// issue 1687), hence the CDN in script-src and 'unsafe-inline' for styles only.
const PANE_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  `script-src 'self' ${OFFICE_JS_ORIGIN}`,
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: ${OFFICE_JS_ORIGIN}`,
  "connect-src 'self'",
  "object-src 'none'",
  "form-action 'self'",
  'frame-ancestors *',
].join('; ');

const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

type Missing = 'office' | 'plugin';
const MISSING: Record<Missing, { en: string; zh: string }> = {
  office: { en: 'The Office add-in has not been built on this server.', zh: '本服务器尚未构建 Office 加载项。' },
  plugin: { en: 'The browser plug-in has not been built on this server.', zh: '本服务器尚未构建浏览器插件。' },
};

function notFound(request: FastifyRequest, reply: FastifyReply, missing: Missing | null) {
  const zh = /^zh/i.test(request.headers['accept-language'] ?? '');
  const text = missing ? MISSING[missing][zh ? 'zh' : 'en'] : zh ? '未找到该文件。' : 'Not found.';
  return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(text);
}

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

async function officePane(app: FastifyInstance, opts: AddinAssets) {
  const root = path.resolve(opts.officeAddinDist);
  const built = () => isFile(path.join(root, 'index.html'));

  app.addHook('onSend', async (_request, reply, payload) => {
    // Office on the web fetches the ribbon icons from its own pages: not same-origin only.
    reply.header('cross-origin-resource-policy', 'cross-origin');
    if (/^text\/html\b/i.test(String(reply.getHeader('content-type') ?? ''))) {
      // helmet wrote X-Frame-Options onto the raw response, out of reply.header's reach.
      reply.raw.removeHeader('x-frame-options');
      reply.header('content-security-policy', PANE_CSP);
    }
    return payload;
  });

  app.get('/', (_request, reply) => reply.redirect('/office-addin/index.html'));

  app.get('/manifest.xml', async (request, reply) => {
    const template = await readFile(path.join(root, 'manifest.xml'), 'utf8').catch(() => null);
    if (template === null) return notFound(request, reply, 'office');
    const origin = publicOrigin(request, opts.publicUrl);
    if (!origin) return reply.code(400).type('text/plain; charset=utf-8').send('Bad Host header.');
    // The answer depends on the host the request named: never shared between hosts by a cache.
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="manifest.xml"')
      .send(renderManifest(template, origin));
  });

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    decorateReply: false,
    // Files are looked up per request: a build made after the gateway started is served.
    wildcard: true,
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const hashed = filePath.startsWith(path.join(root, 'assets') + path.sep);
      res.setHeader('cache-control', hashed ? IMMUTABLE_CACHE : 'no-cache');
    },
  });

  app.setNotFoundHandler(async (request, reply) => notFound(request, reply, (await built()) ? null : 'office'));
}

export async function addinAssetsPlugin(app: FastifyInstance, opts: { assets: AddinAssets | null }) {
  const { assets } = opts;
  app.get('/downloads/mtp-browser-plugin.zip', async (request, reply) => {
    const file = assets ? path.resolve(assets.browserPluginZip) : null;
    const info = file ? await stat(file).catch(() => null) : null;
    if (!file || !info?.isFile()) return notFound(request, reply, 'plugin');
    return reply
      .type('application/zip')
      .header('content-length', info.size)
      .header('last-modified', info.mtime.toUTCString())
      .header('cache-control', 'no-cache')
      .header('content-disposition', 'attachment; filename="mtp-browser-plugin.zip"')
      .send(createReadStream(file));
  });
  if (assets) await app.register(officePane, { ...assets, prefix: '/office-addin' });
  else app.get('/office-addin/*', async (request, reply) => notFound(request, reply, 'office'));
}
