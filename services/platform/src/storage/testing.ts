/**
 * Test support: a real S3-compatible server (`s3rver`, a devDependency) on a random loopback
 * port, storing in a temporary folder, with one bucket.
 *
 * Why a child process: s3rver 3.7 signs ListObjectsV2 continuation tokens with DES, which
 * OpenSSL 3 (Node >= 17) only offers with `--openssl-legacy-provider`; listing more than one
 * page fails with a 500 otherwise. That flag must be given to the node process that runs
 * s3rver, so it runs in its own; it is also closer to a real deployment (a separate server).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export type TestS3Server = {
  /** An S3_URL for the server's bucket (s3rver's fixed credentials S3RVER:S3RVER). */
  url: string;
  bucket: string;
  stop(): Promise<void>;
};

/** Why 20 s: s3rver starts in well under a second; this only bounds a broken start. */
const START_TIMEOUT_MS = 20_000;

// Runs in the child: start s3rver, print the port, stop on SIGTERM.
const CHILD_SCRIPT = `
const S3rver = require(process.env.S3RVER_PATH);
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: process.env.S3RVER_DIR,
  configureBuckets: [{ name: process.env.S3RVER_BUCKET }] });
server.run().then(({ port }) => process.stdout.write(JSON.stringify({ port }) + '\\n'),
  (err) => { console.error(err); process.exit(1); });
process.on('SIGTERM', () => server.close().finally(() => process.exit(0)));
`;

export async function startTestS3Server(bucket = 'mtp-test'): Promise<TestS3Server> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mtp-s3rver-'));
  const s3rverPath = createRequire(import.meta.url).resolve('s3rver');
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', CHILD_SCRIPT], {
    env: { ...process.env, NODE_OPTIONS: '', S3RVER_PATH: s3rverPath, S3RVER_DIR: dir, S3RVER_BUCKET: bucket },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start in ${START_TIMEOUT_MS} ms: ${stderr}`)), START_TIMEOUT_MS);
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with ${code}: ${stderr}`));
    });
  });
  return {
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}?region=us-east-1`,
    bucket,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
