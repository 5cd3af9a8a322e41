/**
 * File conversion with LibreOffice (legacy doc/xls/ppt <-> docx/xlsx/pptx, and anything else
 * soffice converts). Each call runs its own `soffice` with a private profile directory in its
 * own temp folder: LibreOffice refuses to run twice on one profile, so a shared profile would
 * serialise (or break) parallel conversions. The process group is killed on timeout, and the
 * temp folder is always removed.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export type OfficeErrorReason = 'missing' | 'timeout' | 'failed';

export class OfficeConversionError extends Error {
  constructor(
    readonly reason: OfficeErrorReason,
    detail: string,
  ) {
    super(detail);
    this.name = 'OfficeConversionError';
  }
}

export type ConvertOptions = {
  /** Kill soffice after this long (default 120 s; a cold start alone takes a few seconds). */
  timeoutMs?: number;
  /** The soffice binary (default `soffice` on PATH, or the SOFFICE_PATH environment variable). */
  sofficePath?: string;
};

const EXT = /^[a-z0-9]+$/i;

/**
 * Converts `input` (file contents, or a path to read) from `fromExt` to `toExt`. `toExt` may
 * name a filter as soffice accepts it (`docx:"MS Word 2007 XML"`); the output file's extension
 * is the part before the colon.
 */
export async function convertWithLibreOffice(
  input: Buffer | string,
  fromExt: string,
  toExt: string,
  options: ConvertOptions = {},
): Promise<Buffer> {
  const outExt = toExt.split(':')[0]!.toLowerCase();
  if (!EXT.test(fromExt) || !EXT.test(outExt)) throw new OfficeConversionError('failed', `bad extension ${fromExt} -> ${toExt}`);
  const dir = await mkdtemp(join(tmpdir(), 'mtp-office-'));
  try {
    const source = join(dir, `input.${fromExt.toLowerCase()}`);
    await writeFile(source, typeof input === 'string' ? await readFile(input) : input);
    const outDir = join(dir, 'out');
    const args = [
      '--headless',
      '--norestore',
      '--nolockcheck',
      `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
      '--convert-to',
      toExt,
      '--outdir',
      outDir,
      source,
    ];
    const log = await runSoffice(options.sofficePath ?? process.env.SOFFICE_PATH ?? 'soffice', args, options.timeoutMs ?? 120_000);
    const produced = (await readdir(outDir).catch(() => [] as string[])).find((f) => f.toLowerCase() === `input.${outExt}`);
    if (!produced)
      throw new OfficeConversionError('failed', `LibreOffice produced no .${outExt} from .${fromExt}: ${log.trim().slice(-500)}`);
    const output = await readFile(join(outDir, produced));
    if (output.length === 0) throw new OfficeConversionError('failed', `LibreOffice produced an empty .${outExt}`);
    return output;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs soffice in its own process group (it forks soffice.bin) and resolves with its output. */
function runSoffice(binary: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    let timedOut = false;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        err.code === 'ENOENT'
          ? new OfficeConversionError('missing', `LibreOffice (${binary}) is not installed or not on PATH`)
          : new OfficeConversionError('failed', `could not start ${binary}: ${err.message}`),
      );
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      // soffice may leave helpers in its group even after a clean exit.
      killGroup();
      if (timedOut) reject(new OfficeConversionError('timeout', `LibreOffice did not finish within ${timeoutMs} ms`));
      else if (code !== 0) reject(new OfficeConversionError('failed', `soffice exited with ${code}: ${log.trim().slice(-500)}`));
      else resolve(log);
    });
  });
}
