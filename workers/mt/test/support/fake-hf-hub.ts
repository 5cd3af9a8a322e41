/**
 * fake-hf-hub: a stand-in for the Hugging Face hub, which tests cannot reach. It serves model
 * folders at `/{repo}/resolve/main/{file}` the way the hub does: large files (ONNX, spm) as
 * LFS, answered with a redirect that carries `x-linked-etag` (sha256) and `x-linked-size`, then
 * the bytes from a "CDN" path; small files directly with `etag` = git blob sha1. Tests can have
 * it corrupt, hide or stall given files.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export type FakeHubOptions = {
  /** repo name -> folder served for it */
  repos: Record<string, string>;
  /** Files answered with altered bytes while the advertised checksum stays the original's. */
  corrupt?: string[];
  /** Files the hub pretends not to have. */
  hide?: string[];
  /** Files whose answer sends half the bytes and then nothing more (a stalled transfer). */
  stall?: string[];
};

export type FakeHub = { url: string; requests: string[]; close(): Promise<void> };

const LFS = /\.(onnx|spm|bin)$/;

function gitBlobSha1(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

export async function startFakeHfHub(options: FakeHubOptions): Promise<FakeHub> {
  const requests: string[] = [];
  const fileOf = (repo: string, file: string): string | undefined => {
    const folder = options.repos[repo];
    if (!folder || options.hide?.includes(file)) return undefined;
    const p = path.join(folder, file);
    return p.startsWith(folder) && existsSync(p) && statSync(p).isFile() ? p : undefined;
  };
  const body = (file: string, p: string): Buffer => {
    const bytes = readFileSync(p);
    if (!options.corrupt?.includes(file)) return bytes;
    const bad = Buffer.from(bytes);
    bad[bad.length >> 1] = bad[bad.length >> 1]! ^ 0xff;
    return bad;
  };
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(req.url ?? '/');
    requests.push(url);
    const cdn = /^\/cdn\/([^/]+\/[^/]+)\/(.+)$/.exec(url);
    if (cdn) {
      const p = fileOf(cdn[1]!, cdn[2]!);
      if (!p) return void res.writeHead(404).end();
      const bytes = body(cdn[2]!, p);
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length });
      if (options.stall?.includes(cdn[2]!)) return void res.write(bytes.subarray(0, bytes.length >> 1));
      return void res.end(bytes);
    }
    const m = /^\/([^/]+\/[^/]+)\/resolve\/main\/(.+)$/.exec(url);
    const p = m ? fileOf(m[1]!, m[2]!) : undefined;
    if (!m || !p) return void res.writeHead(404, { 'x-error-code': 'EntryNotFound' }).end('Entry not found');
    const original = readFileSync(p);
    if (LFS.test(m[2]!)) {
      res.writeHead(302, {
        location: `/cdn/${m[1]}/${m[2]}`,
        'x-linked-etag': `"${createHash('sha256').update(original).digest('hex')}"`,
        'x-linked-size': String(original.length),
      });
      return void res.end();
    }
    const bytes = body(m[2]!, p);
    res.writeHead(200, { etag: `"${gitBlobSha1(original)}"`, 'content-length': bytes.length });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Stalled answers never end by themselves.
        server.closeAllConnections();
      }),
  };
}
