/**
 * A short, stable version of a model folder for the `engine` field of answers and for caches:
 * the `checksums.sha256` file when the folder has one, else a hash of the configs and the
 * names, sizes and modification times of the files the engine loaded (hashing hundreds of MB of
 * weights at every start would cost seconds; a re-download changes size or mtime anyway).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ModelFiles } from './model-files';

export function computeModelVersion(files: ModelFiles): string {
  const hash = createHash('sha256');
  if (files.checksums) {
    hash.update(readFileSync(files.checksums));
  } else {
    for (const f of [files.config, files.generationConfig]) if (f) hash.update(readFileSync(f));
    const t = files.tokenizer;
    const tokenizerFiles = t.kind === 'tokenizer.json' ? [t.tokenizerJson] : [t.sourceSpm, t.targetSpm, t.vocabJson];
    for (const f of [files.encoder, files.decoder, ...tokenizerFiles]) {
      const st = statSync(f);
      hash.update(`${path.relative(files.dir, f)}\0${st.size}\0${st.mtimeMs}\n`);
    }
  }
  return hash.digest('hex').slice(0, 12);
}
