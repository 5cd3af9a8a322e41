/**
 * The OPUS-MT-sized benchmark model (random weights, real SentencePiece tokenizer; see
 * workers/mt/test-models/build_opus_sized_model.py), built once under .data/bench-models/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@mtp/gateway';

export const OPUS_SIZED_DIR = path.join(REPO_ROOT, '.data/bench-models/en-us_zh-cn');
const BUILD_SCRIPT = path.join(REPO_ROOT, 'workers/mt/test-models/build_opus_sized_model.py');

/** True when `modelDir` holds the model, building it first when it is the default one and absent. */
export function ensureOpusSizedModel(modelDir: string = OPUS_SIZED_DIR): boolean {
  if (existsSync(path.join(modelDir, 'onnx/decoder_model_merged.onnx'))) return true;
  if (!existsSync(BUILD_SCRIPT)) {
    console.log(`skipped: no benchmark model in ${modelDir} and no ${path.relative(REPO_ROOT, BUILD_SCRIPT)} to build one`);
    return false;
  }
  console.log(`building the OPUS-MT-sized benchmark model into ${path.relative(REPO_ROOT, modelDir)} (once)...`);
  // The script writes OUT/<pair>/.
  const args = [BUILD_SCRIPT, '--out', path.dirname(modelDir), '--pair', path.basename(modelDir)];
  const built = spawnSync('/usr/bin/python3', args, { cwd: REPO_ROOT, stdio: 'inherit' });
  if (built.status !== 0) {
    console.log(`skipped: building the benchmark model failed (exit ${built.status}${built.error ? `, ${built.error.message}` : ''})`);
    return false;
  }
  return true;
}

/**
 * A view of a model folder at `into` whose generation stops after `newTokens` tokens: the files
 * are linked, the two configs copied with `max_length` set. Random weights almost never emit EOS,
 * so without a cap every sentence would run to 512 tokens; the cap stands in for the length of a
 * real translation.
 */
export function linkWithMaxLength(modelDir: string, into: string, newTokens: number): void {
  mkdirSync(into, { recursive: true });
  for (const name of readdirSync(modelDir)) {
    const source = path.join(modelDir, name);
    if (name === 'config.json' || name === 'generation_config.json') {
      const config = JSON.parse(readFileSync(source, 'utf8')) as Record<string, unknown>;
      writeFileSync(path.join(into, name), JSON.stringify({ ...config, max_length: newTokens + 1 }));
    } else if (name !== 'checksums.sha256') {
      symlinkSync(source, path.join(into, name));
    }
  }
}
