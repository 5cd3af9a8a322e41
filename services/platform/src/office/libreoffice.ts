/**
 * File conversion with LibreOffice (legacy doc/xls/ppt <-> docx/xlsx/pptx, and anything else
 * soffice converts). Each call runs its own `soffice` with a private profile directory in its
 * own temp folder: LibreOffice refuses to run twice on one profile, so a shared profile would
 * serialise (or break) parallel conversions. The process group is killed on timeout, and the
 * temp folder is always removed. soffice runs without network (office-sandbox.ts), and an OOXML
 * input loses its external links first (external-links.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dropExternalLinks } from './external-links';
import { officeSandboxOf, OfficeSandboxError, prepareProfile, sandboxedCommand, type OfficeSandbox } from './office-sandbox';

/** `sandbox`: no network namespace could be made for soffice, so nothing was converted. */
export type OfficeErrorReason = 'missing' | 'timeout' | 'failed' | 'sandbox';

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
  /** `netns` (default, unless OFFICE_SANDBOX=none): soffice gets a network namespace of its own. */
  sandbox?: OfficeSandbox;
  /** The unshare binary (default `unshare` on PATH). */
  unsharePath?: string;
};

const OOXML = new Set(['docx', 'docm', 'xlsx', 'xlsm', 'pptx', 'pptm']);
let sandboxLogged = false;

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
    const bytes = typeof input === 'string' ? await readFile(input) : input;
    await writeFile(source, OOXML.has(fromExt.toLowerCase()) ? await withoutLinks(bytes) : bytes);
    await prepareProfile(join(dir, 'profile'));
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
    const binary = options.sofficePath ?? process.env.SOFFICE_PATH ?? 'soffice';
    const command = await sandboxed(binary, args, options);
    const log = await runSoffice(command.command, command.args, options.timeoutMs ?? 120_000, binary);
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

async function withoutLinks(ooxml: Buffer): Promise<Buffer> {
  try {
    return await dropExternalLinks(ooxml);
  } catch (err) {
    throw new OfficeConversionError('failed', `unreadable OOXML package: ${(err as Error).message}`);
  }
}

/** The sandboxed command line; where none can be made, conversion is refused and the operator told once. */
async function sandboxed(binary: string, args: string[], options: ConvertOptions) {
  try {
    return await sandboxedCommand(binary, args, options.sandbox ?? officeSandboxOf(), options.unsharePath ?? 'unshare');
  } catch (err) {
    if (!(err instanceof OfficeSandboxError)) throw err;
    if (!sandboxLogged) console.error(`[office] ${err.message}`);
    sandboxLogged = true;
    throw new OfficeConversionError('sandbox', err.message);
  }
}

/**
 * Runs soffice (possibly through unshare, which execs it in place) in its own process group (it
 * forks soffice.bin) and resolves with its output. `binary` names soffice in errors.
 */
function runSoffice(command: string, args: string[], timeoutMs: number, binary: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
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
      // unshare exits 127 when it cannot find the program it was to run.
      else if (code === 127 && command !== binary)
        reject(new OfficeConversionError('missing', `LibreOffice (${binary}) is not installed or not on PATH`));
      else if (code !== 0) reject(new OfficeConversionError('failed', `soffice exited with ${code}: ${log.trim().slice(-500)}`));
      else resolve(log);
    });
  });
}
