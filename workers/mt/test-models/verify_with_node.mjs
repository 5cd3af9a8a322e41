#!/usr/bin/env node
// Checks the tiny test models the way the platform loads them, and measures held-out accuracy:
//   1. a direct onnxruntime-node greedy loop on onnx/encoder_model.onnx + onnx/decoder_model_merged.onnx
//      (use_cache_branch false at step 0, true after), with the tokenizer.json read by @huggingface/tokenizers;
//      every step is re-run without the cache (whole prefix, use_cache_branch false) and must pick the same token;
//   2. @huggingface/transformers' pipeline('translation') on the local folder (no remote models).
//
//   node workers/mt/test-models/verify_with_node.mjs [--models-dir DIR] [--pair en-us_zh-cn ...] [--limit N] [--json OUT]
//
// Exits non-zero when a model fails to load, when the cached and uncached paths disagree, or when the
// accuracy is below --min-accuracy (default 0.98).
//
// Smoke mode, for any model folder (e.g. the OPUS-sized random one, which has no heldout.tsv):
//   node workers/mt/test-models/verify_with_node.mjs --models-dir /tmp/opus-models --pair en_de \
//     --text "The quick brown fox jumps over the lazy dog." [--quantized] [--max-new 32]
// runs the same checks on the given text(s), prints the outputs and the per-token time of the cached loop.
import { readFileSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ort = require('onnxruntime-node');
const { Tokenizer } = await import('@huggingface/tokenizers');
const transformers = await import('@huggingface/transformers');

const here = path.dirname(fileURLToPath(import.meta.url));

function parseArgs(argv) {
  const args = {
    modelsDir: path.join(here, 'models'),
    pairs: [],
    limit: Infinity,
    json: undefined,
    minAccuracy: 0.98,
    batch: 32,
    texts: [],
    quantized: false,
    maxNew: 64,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => argv[++i];
    if (a === '--models-dir') args.modelsDir = path.resolve(next());
    else if (a === '--pair') args.pairs.push(next());
    else if (a === '--limit') args.limit = Number(next());
    else if (a === '--json') args.json = next();
    else if (a === '--min-accuracy') args.minAccuracy = Number(next());
    else if (a === '--batch') args.batch = Number(next());
    else if (a === '--text') args.texts.push(next());
    else if (a === '--quantized') args.quantized = true;
    else if (a === '--max-new') args.maxNew = Number(next());
    else throw new Error(`unknown argument ${a}`);
  }
  if (args.pairs.length === 0) {
    const need = args.texts.length ? 'config.json' : 'heldout.tsv';
    args.pairs = readdirSync(args.modelsDir).filter((d) => existsSync(path.join(args.modelsDir, d, need)));
  }
  return args;
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function readHeldout(dir, limit) {
  return readFileSync(path.join(dir, 'heldout.tsv'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .slice(0, limit)
    .map((line) => {
      const [source, target] = line.split('\t');
      return { source, target };
    });
}

function describe(session) {
  const meta = (list) => list.map((m) => ({ name: m.name, type: m.type, shape: m.shape }));
  return { inputs: meta(session.inputMetadata), outputs: meta(session.outputMetadata) };
}

function int64(rows, width, fill) {
  const data = new BigInt64Array(rows.length * width).fill(BigInt(fill));
  rows.forEach((row, i) => row.forEach((v, j) => (data[i * width + j] = BigInt(v))));
  return new ort.Tensor('int64', data, [rows.length, width]);
}

function argmaxLast(logits, banned) {
  const [batch, seq, vocab] = logits.dims;
  const out = [];
  for (let b = 0; b < batch; b++) {
    const base = (b * seq + seq - 1) * vocab;
    let best = -1;
    let bestScore = -Infinity;
    for (let v = 0; v < vocab; v++) {
      if (banned.includes(v)) continue;
      const s = logits.data[base + v];
      if (s > bestScore) {
        bestScore = s;
        best = v;
      }
    }
    out.push(best);
  }
  return out;
}

function maxAbsDiffLast(a, b) {
  const [batch, seqA, vocab] = a.dims;
  const seqB = b.dims[1];
  let max = 0;
  for (let i = 0; i < batch; i++) {
    for (let v = 0; v < vocab; v++) {
      const d = Math.abs(a.data[(i * seqA + seqA - 1) * vocab + v] - b.data[(i * seqB + seqB - 1) * vocab + v]);
      if (d > max) max = d;
    }
  }
  return max;
}

/** Greedy decoding with the merged decoder; every step is checked against the uncached path. */
async function ortTranslate(model, texts, maxNew = 64, reference = true) {
  const { tokenizer, encoder, decoder, config } = model;
  const pad = config.pad_token_id;
  const eos = config.eos_token_id;
  const start = config.decoder_start_token_id;
  const layers = config.decoder_layers;
  const heads = config.decoder_attention_heads;
  const headDim = config.d_model / heads;
  const encoded = texts.map((t) => tokenizer.encode(t).ids);
  const width = Math.max(...encoded.map((ids) => ids.length));
  const batch = texts.length;
  const inputIds = int64(encoded, width, pad);
  const mask = int64(
    encoded.map((ids) => ids.map(() => 1)),
    width,
    0,
  );
  const { last_hidden_state: hidden } = await encoder.run({ input_ids: inputIds, attention_mask: mask });

  const emptyPast = {};
  for (let i = 0; i < layers; i++) {
    for (const part of ['decoder', 'encoder']) {
      for (const kv of ['key', 'value']) {
        emptyPast[`past_key_values.${i}.${part}.${kv}`] = new ort.Tensor('float32', new Float32Array(0), [batch, heads, 0, headDim]);
      }
    }
  }
  const noCache = new ort.Tensor('bool', [false], [1]);
  const useCache = new ort.Tensor('bool', [true], [1]);
  const banned = [pad];
  const generated = Array.from({ length: batch }, () => [start]);
  const done = new Array(batch).fill(false);
  let past = null;
  let maxDiff = 0;
  let disagreements = 0;
  for (let step = 0; step < maxNew && !done.every(Boolean); step++) {
    const common = { encoder_attention_mask: mask, encoder_hidden_states: hidden };
    const last = int64(
      generated.map((g) => [g[g.length - 1]]),
      1,
      pad,
    );
    const cached = await decoder.run({ ...common, ...(past ?? emptyPast), input_ids: last, use_cache_branch: past ? useCache : noCache });
    const next = argmaxLast(cached.logits, banned);
    if (reference) {
      // Reference: the whole prefix, no cache.
      const prefix = int64(generated, generated[0].length, pad);
      const full = await decoder.run({ ...common, ...emptyPast, input_ids: prefix, use_cache_branch: noCache });
      maxDiff = Math.max(maxDiff, maxAbsDiffLast(cached.logits, full.logits));
      const nextRef = argmaxLast(full.logits, banned);
      next.forEach((tok, b) => {
        if (!done[b] && tok !== nextRef[b]) disagreements++;
      });
    }
    const newPast = {};
    for (let i = 0; i < layers; i++) {
      for (const kv of ['key', 'value']) {
        newPast[`past_key_values.${i}.decoder.${kv}`] = cached[`present.${i}.decoder.${kv}`];
        // The encoder (cross-attention) cache is computed once, at step 0.
        newPast[`past_key_values.${i}.encoder.${kv}`] = past
          ? past[`past_key_values.${i}.encoder.${kv}`]
          : cached[`present.${i}.encoder.${kv}`];
      }
    }
    past = newPast;
    next.forEach((tok, b) => {
      generated[b].push(tok);
      if (tok === eos) done[b] = true;
    });
  }
  const outputs = generated.map((g) => {
    const body = g.slice(1);
    const end = body.indexOf(eos);
    const ids = end >= 0 ? body.slice(0, end) : body;
    return ids.length ? tokenizer.decode(ids, { skip_special_tokens: true }) : '';
  });
  return { outputs, maxDiff, disagreements, steps: generated[0].length - 1 };
}

async function loadOrt(dir, quantized = false) {
  const suffix = quantized ? '_quantized' : '';
  const config = readJson(path.join(dir, 'config.json'));
  const tokenizer = new Tokenizer(readJson(path.join(dir, 'tokenizer.json')), readJson(path.join(dir, 'tokenizer_config.json')));
  const encoder = await ort.InferenceSession.create(path.join(dir, 'onnx', `encoder_model${suffix}.onnx`));
  const decoder = await ort.InferenceSession.create(path.join(dir, 'onnx', `decoder_model_merged${suffix}.onnx`));
  return { tokenizer, encoder, decoder, config };
}

async function checkOrt(dir, heldout, batchSize) {
  const model = await loadOrt(dir);
  const { encoder, decoder } = model;
  let correct = 0;
  let maxDiff = 0;
  let disagreements = 0;
  const wrong = [];
  const t0 = performance.now();
  for (let i = 0; i < heldout.length; i += batchSize) {
    const chunk = heldout.slice(i, i + batchSize);
    const res = await ortTranslate(
      model,
      chunk.map((c) => c.source),
    );
    maxDiff = Math.max(maxDiff, res.maxDiff);
    disagreements += res.disagreements;
    res.outputs.forEach((out, j) => {
      if (out === chunk[j].target) correct++;
      else wrong.push({ ...chunk[j], output: out });
    });
  }
  const seconds = (performance.now() - t0) / 1000;
  return {
    correct,
    total: heldout.length,
    wrong: wrong.slice(0, 20),
    cache_vs_nocache_same: heldout.length - Math.min(heldout.length, disagreements),
    cache_vs_nocache_token_disagreements: disagreements,
    max_abs_logit_diff: maxDiff,
    seconds,
    io: { encoder: describe(encoder), decoder: describe(decoder) },
  };
}

// One sentence per call: transformers.js 4.3 keeps generating for rows of a batch that already
// produced </s> (it does not pad finished rows), and the decoded text then carries those extra tokens.
async function checkTransformersJs(modelsDir, pair, heldout) {
  const { env, pipeline } = transformers;
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = modelsDir + path.sep;
  const translator = await pipeline('translation', pair, { dtype: 'fp32' });
  let correct = 0;
  const wrong = [];
  const t0 = performance.now();
  for (const item of heldout) {
    const [out] = await translator(item.source);
    if (out.translation_text === item.target) correct++;
    else wrong.push({ ...item, output: out.translation_text });
  }
  const seconds = (performance.now() - t0) / 1000;
  await translator.dispose();
  return { correct, total: heldout.length, wrong: wrong.slice(0, 20), seconds };
}

async function smoke(dir, modelsDir, pair, args) {
  const t0 = performance.now();
  const model = await loadOrt(dir, args.quantized);
  const loadSeconds = (performance.now() - t0) / 1000;
  const checked = await ortTranslate(model, args.texts, args.maxNew, true);
  const t1 = performance.now();
  const timed = await ortTranslate(model, args.texts, args.maxNew, false);
  const seconds = (performance.now() - t1) / 1000;
  const { env, pipeline } = transformers;
  env.allowRemoteModels = false;
  env.localModelPath = modelsDir + path.sep;
  const translator = await pipeline('translation', pair, { dtype: args.quantized ? 'q8' : 'fp32' });
  const tjs = [];
  for (const text of args.texts) {
    const [out] = await translator(text, { max_new_tokens: args.maxNew });
    tjs.push(out.translation_text);
  }
  await translator.dispose();
  console.log(`${pair}${args.quantized ? ' (int8 quantized)' : ''}: sessions loaded in ${loadSeconds.toFixed(1)}s`);
  console.log(`  cache vs no cache: ${checked.disagreements} token disagreements, max |logit diff| ${checked.maxDiff.toExponential(2)}`);
  console.log(
    `  cached greedy loop: ${timed.steps} steps for a batch of ${args.texts.length} in ${seconds.toFixed(2)}s (${((1000 * seconds) / Math.max(1, timed.steps)).toFixed(1)} ms/step)`,
  );
  args.texts.forEach((text, i) => {
    console.log(`  ${JSON.stringify(text)}`);
    console.log(`    onnxruntime-node: ${JSON.stringify(timed.outputs[i])}`);
    console.log(`    transformers.js:  ${JSON.stringify(tjs[i])}`);
  });
  return { ort: { ...checked, seconds, outputs: timed.outputs }, transformers_js: tjs, same: tjs.every((t, i) => t === timed.outputs[i]) };
}

const args = parseArgs(process.argv.slice(2));
const results = {};
let failed = false;
const pct = (r) => `${r.correct}/${r.total} (${((100 * r.correct) / r.total).toFixed(1)}%)`;
for (const pair of args.pairs.filter(() => args.texts.length > 0)) {
  const res = await smoke(path.join(args.modelsDir, pair), args.modelsDir, pair, args);
  results[pair] = res;
  if (res.ort.disagreements > 0) failed = true;
}
for (const pair of args.pairs.filter(() => args.texts.length === 0)) {
  const dir = path.join(args.modelsDir, pair);
  const heldout = readHeldout(dir, args.limit);
  const ortResult = await checkOrt(dir, heldout, args.batch);
  const tjs = await checkTransformersJs(args.modelsDir, pair, heldout);
  results[pair] = { ort: ortResult, transformers_js: tjs, transformers_js_version: transformers.env.version };
  console.log(`${pair}:`);
  console.log(`  onnxruntime-node greedy (merged decoder, cache): ${pct(ortResult)} in ${ortResult.seconds.toFixed(1)}s`);
  console.log(
    `  cache vs no cache: ${ortResult.cache_vs_nocache_token_disagreements} token disagreements, max |logit diff| ${ortResult.max_abs_logit_diff.toExponential(2)}`,
  );
  console.log(`  transformers.js ${transformers.env.version} pipeline('translation'): ${pct(tjs)} in ${tjs.seconds.toFixed(1)}s`);
  for (const w of ortResult.wrong.slice(0, 5)) console.log(`    ort wrong: ${w.source} -> ${w.output} (want ${w.target})`);
  for (const w of tjs.wrong.slice(0, 5)) console.log(`    transformers.js wrong: ${w.source} -> ${w.output} (want ${w.target})`);
  if (ortResult.cache_vs_nocache_token_disagreements > 0) failed = true;
  if (ortResult.correct / ortResult.total < args.minAccuracy || tjs.correct / tjs.total < args.minAccuracy) failed = true;
}
if (args.json) writeFileSync(args.json, JSON.stringify(results, null, 2));
if (failed) {
  console.error(`FAILED: accuracy below ${args.minAccuracy} or cache/no-cache mismatch`);
  process.exitCode = 1;
}
