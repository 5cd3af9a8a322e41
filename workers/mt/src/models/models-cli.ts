/**
 * `npm run models -- <command>`: manage MODELS_DIR.
 *   list                 installed pairs, broken folders, and the pivots they make possible
 *   pull <src>_<tgt>     download a pair from MODELS_BASE_URL (options: --repo owner/name,
 *                        --quantized | --all, --force)
 *   remove <src>_<tgt>   delete an installed pair
 * Exit code 0 on success, 1 on any failure (with one line saying why), 2 on bad usage.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANGUAGES } from '@mtp/proto';
import { MtError } from '../errors';
import { loadMtSettings, type MtSettings } from '../settings';
import { ModelRegistry } from './model-registry';
import { pairName, parsePairName } from './pairs';
import { pullModel, type Variant } from './pull-model';
import { createPullProgress, formatBytes } from './pull-progress';

export type CliIo = { env: NodeJS.ProcessEnv; stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

const USAGE = `usage: npm run models -- list
       npm run models -- pull <src>_<tgt> [--repo owner/name] [--quantized | --all] [--force]
       npm run models -- remove <src>_<tgt>
pairs use the platform's codes: ${LANGUAGES.join(', ')} (e.g. zh-cn_en-us)`;

function list(registry: ModelRegistry, io: CliIo): number {
  const installed = registry.listInstalled();
  const say = (line: string) => io.stdout.write(`${line}\n`);
  say(`models directory: ${registry.modelsDir}`);
  if (installed.length === 0) say('no models installed (npm run models -- pull zh-cn_en-us)');
  for (const m of installed) say(`${m.name.padEnd(12)} ${m.problem ? `unusable: ${m.problem}` : 'ok'}`);
  for (const src of LANGUAGES) {
    for (const tgt of LANGUAGES) {
      const r = src === tgt ? undefined : registry.resolvePair(src, tgt);
      if (r?.kind === 'pivot') say(`${pairName({ src, tgt }).padEnd(12)} pivot ${r.legs.map(pairName).join(' + ')}`);
    }
  }
  return 0;
}

async function pull(args: string[], io: CliIo, settings: MtSettings): Promise<number> {
  const positional = args.filter((a) => !a.startsWith('--'));
  const pair = positional[0] ? parsePairName(positional[0]) : undefined;
  if (!pair || positional.length !== 1)
    throw new UsageError(`pull needs one pair like zh-cn_en-us, got ${JSON.stringify(positional.join(' '))}`);
  const repoFlag = args.indexOf('--repo');
  const repo = repoFlag >= 0 ? args[repoFlag + 1] : undefined;
  if (repoFlag >= 0 && !repo) throw new UsageError('--repo needs owner/name');
  const variant: Variant = args.includes('--all') ? 'all' : args.includes('--quantized') ? 'quantized' : 'fp32';
  const progress = createPullProgress(io.stderr);
  try {
    const result = await pullModel({
      pair,
      modelsDir: settings.modelsDir,
      baseUrl: settings.modelsBaseUrl,
      repoTemplate: settings.modelsRepoTemplate,
      repo,
      variant,
      force: args.includes('--force'),
      token: io.env.HF_TOKEN || undefined,
      onProgress: progress.onProgress,
    });
    progress.stop();
    for (const f of result.files) io.stdout.write(`${f.file.padEnd(40)} ${formatBytes(f.bytes).padStart(10)}  verified: ${f.verified}\n`);
    io.stdout.write(`installed ${pairName(pair)} from ${result.repo} into ${result.dir}\n`);
    return 0;
  } finally {
    progress.stop();
  }
}

async function remove(args: string[], io: CliIo, registryDir: string): Promise<number> {
  const pair = args[0] ? parsePairName(args[0]) : undefined;
  if (!pair || args.length !== 1) throw new UsageError(`remove needs one pair like zh-cn_en-us, got ${JSON.stringify(args.join(' '))}`);
  const dir = path.join(registryDir, pairName(pair));
  if (!existsSync(dir)) throw new MtError('PAIR_UNAVAILABLE', `${pairName(pair)} is not installed in ${registryDir}`);
  await rm(dir, { recursive: true, force: true });
  io.stdout.write(`removed ${pairName(pair)} (${dir})\n`);
  return 0;
}

class UsageError extends Error {}

export async function runModelsCli(
  argv: string[],
  io: CliIo = { env: process.env, stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  const [command, ...args] = argv;
  try {
    const settings = loadMtSettings(io.env);
    const registry = ModelRegistry.fromSettings(settings);
    switch (command) {
      case 'list':
        return list(registry, io);
      case 'pull':
        return await pull(args, io, settings);
      case 'remove':
        return await remove(args, io, settings.modelsDir);
      default:
        throw new UsageError(command ? `unknown command ${JSON.stringify(command)}` : 'no command given');
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(`${err.message}\n${USAGE}\n`);
      return 2;
    }
    io.stderr.write(`models ${command}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await runModelsCli(process.argv.slice(2));
}
