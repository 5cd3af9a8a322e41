/**
 * deploy/docker: one multi-stage Dockerfile per deployable. Docker has no engine here, so the
 * images are read, not built: every COPY source exists and survives .dockerignore, `npm ci` sees
 * every workspace's package.json, the final stage runs as a non-root user, the command's entry
 * file exists, the GPU image installs onnxruntime-node's CUDA add-on (a value its install script
 * accepts) on a CUDA/cuDNN base, and the document image installs what scripts/lib.sh installs.
 */
import { REPO_ROOT } from '@mtp/gateway';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspacePackages } from '../boundaries/import-graph';
import { copyParts, dockerignoreRules, ignoredBy, readDockerfile, type Dockerfile } from './dockerfiles';

const DOCKER_DIR = path.join(REPO_ROOT, 'deploy/docker');
const IMAGES = ['gateway', 'mt-worker', 'mt-worker-gpu', 'doc-worker'];
const rules = dockerignoreRules(REPO_ROOT);
const read = (image: string) => readDockerfile(path.join(DOCKER_DIR, `${image}.Dockerfile`));
const finalStage = (d: Dockerfile) => d.instructions.filter((i) => i.stage === d.stages.length - 1);

/** ENV values of one stage and the stages it is built FROM (`FROM deps AS build`). */
function envOf(d: Dockerfile, stage: number): Record<string, string> {
  const from = d.instructions.find((i) => i.op === 'FROM' && i.stage === stage)!.args.split(/\s+/)[0]!;
  const parent = d.stages.indexOf(from);
  const env: Record<string, string> = parent >= 0 ? envOf(d, parent) : {};
  for (const i of d.instructions.filter((x) => x.op === 'ENV' && x.stage === stage)) {
    for (const m of i.args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[m[1]!] = m[2]!.replace(/^"|"$/g, '');
  }
  return env;
}

describe.each(IMAGES)('deploy/docker/%s.Dockerfile', (image) => {
  const d = read(image);

  it('is multi-stage and copies only files that exist and that .dockerignore lets into the context', () => {
    expect(d.stages.length).toBeGreaterThanOrEqual(2);
    const copies = d.instructions.filter((i) => i.op === 'COPY' || i.op === 'ADD');
    expect(copies.length).toBeGreaterThan(0);
    for (const c of copies) {
      const { from, sources } = copyParts(c.args);
      if (from) {
        // Another stage of this file, or an image (node:20-..., for the Node binary).
        expect(d.stages.includes(from) || from.includes(':'), `COPY --from=${from}`).toBe(true);
        continue;
      }
      for (const src of sources) {
        expect(fs.existsSync(path.join(REPO_ROOT, src)), `${image}: COPY ${src} does not exist`).toBe(true);
        expect(ignoredBy(rules, src.replace(/\/$/, '')), `${image}: COPY ${src} is excluded by .dockerignore`).toBe(false);
      }
    }
  });

  it('gives `npm ci` every workspace package.json and the lock', () => {
    const ci = d.instructions.findIndex((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.args));
    expect(ci).toBeGreaterThan(0);
    const copied = d.instructions
      .slice(0, ci)
      .filter((i) => i.op === 'COPY' && !copyParts(i.args).from)
      .flatMap((i) => copyParts(i.args).sources);
    expect(copied).toEqual(expect.arrayContaining(['package.json', 'package-lock.json']));
    for (const pkg of workspacePackages(REPO_ROOT)) {
      expect(copied, `${image} lacks ${pkg.name}`).toContain(path.relative(REPO_ROOT, path.join(pkg.dir, 'package.json')));
    }
  });

  it('runs as a non-root user in its final stage, the command naming a file that exists', () => {
    const last = finalStage(d);
    const user = last.filter((i) => i.op === 'USER').at(-1)?.args;
    expect(user, `${image} has no USER in its final stage`).toBeDefined();
    const uid = user!.split(':')[0]!;
    expect(uid).toBe('10001');
    const cmd = JSON.parse(last.find((i) => i.op === 'CMD')!.args) as string[];
    expect(cmd[0]).toBe('node');
    const entry = cmd.find((a) => a.endsWith('.ts'))!;
    expect(fs.existsSync(path.join(REPO_ROOT, entry)), entry).toBe(true);
  });

  it('installs onnxruntime-node for its device: the CUDA add-on on the GPU image only', () => {
    const ciStage = d.instructions.find((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.args))!.stage;
    const flag = envOf(d, ciStage).ONNXRUNTIME_NODE_INSTALL;
    if (image !== 'mt-worker-gpu') {
      expect(flag).toBe('skip');
      return;
    }
    // The value must be one onnxruntime-node's own install script accepts for linux/x64.
    const require = createRequire(path.join(REPO_ROOT, 'workers/mt/package.json'));
    const metadata = require('onnxruntime-node/script/install-metadata.js') as { requirements: Record<string, string[]> };
    expect(metadata.requirements['linux/x64']).toContain(flag);
    const base = d.instructions.find((i) => i.op === 'ARG' && i.args.startsWith('CUDA_IMAGE='))!.args;
    expect(base).toMatch(/^CUDA_IMAGE=nvidia\/cuda:12\.[\d.]+-cudnn-runtime-/);
    expect(d.instructions.some((i) => i.op === 'RUN' && /onnxruntime-node\/script\/install\.js/.test(i.args))).toBe(true);
    expect(finalStage(d)[0]!.args.split(/\s+/)[0]).toBe('cuda-node');
  });
});

describe('the images together', () => {
  it('doc-worker installs every tool scripts/lib.sh installs for documents (LibreOffice, tesseract with vertical CJK, poppler, Noto CJK)', () => {
    const lib = fs.readFileSync(path.join(REPO_ROOT, 'scripts/lib.sh'), 'utf8');
    const packages = /DOC_TOOL_PACKAGES="([^"]+)"/.exec(lib)![1]!.replace(/\\\n/g, ' ').split(/\s+/).filter(Boolean);
    expect(packages).toContain('tesseract-ocr-jpn-vert');
    const installs = finalStage(read('doc-worker'))
      .filter((i) => i.op === 'RUN' && /apt-get install/.test(i.args))
      .map((i) => i.args)
      .join(' ')
      .split(/\s+/);
    for (const p of packages) expect(installs, p).toContain(p);
  });

  it('.dockerignore keeps local installs, builds, git and data out of every image', () => {
    for (const p of ['node_modules', 'web/node_modules', 'web/dist', '.git', '.data', 'tests/fault', 'workers/doc/fixtures']) {
      expect(ignoredBy(rules, p), p).toBe(true);
    }
  });
});
