#!/usr/bin/python3
"""Builds the two tiny Marian test models (en-us_zh-cn, zh-cn_en-us) in the OPUS-MT / Hugging Face ONNX layout.

    /usr/bin/python3 workers/mt/test-models/build_test_models.py            # both pairs -> models/
    /usr/bin/python3 workers/mt/test-models/build_test_models.py --pairs en-us_zh-cn --out /tmp/m

Task: numbers 0-9999 as English words <-> Chinese numerals (see number_words.py for the conventions).
A fixed, seeded set of numbers is held out of training and written to <pair>/heldout.tsv.
Everything is seeded; torch runs on 2 threads. Needs Debian's python3-torch, python3-onnx,
python3-sentencepiece, python3-numpy (+ libopenblas0-pthread for speed). After exporting, the
held-out set is run through onnxruntime-node and transformers.js (verify_with_node.mjs) when Node
and the repo's node_modules are there, and the results go into MODEL_CARD.md.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import random
import shlex
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
# OpenMP threads that spin while waiting make 2-thread torch many times slower on a busy 2-core
# machine; passive waiting keeps it close to the idle-machine speed.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

import sentencepiece as spm  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

import marian_onnx as mo  # noqa: E402
import number_words as nw  # noqa: E402

LANGS = {"en-us": nw.english, "zh-cn": nw.chinese}
PAIRS = ["en-us_zh-cn", "zh-cn_en-us"]
SPM_VOCAB = {"en-us": 64, "zh-cn": 16}

HELDOUT_SEED = 20240611
HELDOUT_COUNT = 500
# Held out: a seeded random sample of numbers >= 21 (0-20 stay in training: each is the only
# example of its own word / numeral form).
HELDOUT_RANGE = range(21, nw.MAX_NUMBER + 1)

DEFAULTS = dict(
    d_model=64,
    layers=2,
    heads=4,
    ffn=256,
    steps=1000,
    batch=128,
    lr=3e-3,
    warmup=200,
    dropout=0.1,
    label_smoothing=0.05,
    seed=1234,
)


def heldout_numbers() -> list[int]:
    return sorted(random.Random(HELDOUT_SEED).sample(list(HELDOUT_RANGE), HELDOUT_COUNT))


def train_spm(lines: list[str], vocab_size: int) -> bytes:
    buf = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(lines),
        model_writer=buf,
        model_type="unigram",
        vocab_size=vocab_size,
        character_coverage=1.0,
        hard_vocab_limit=False,
        # Marian's SentencePiece conventions: </s> 0, <unk> 1, no <s>, no <pad> inside the spm model.
        eos_id=0,
        unk_id=1,
        bos_id=-1,
        pad_id=-1,
        num_threads=1,
        normalization_rule_name="nmt_nfkc",
        minloglevel=2,
    )
    return buf.getvalue()


def ensure_word_pieces(spm_bytes: bytes, lines: list[str], words: list[str]) -> bytes:
    """Adds `▁word` for each task word the Unigram trainer split into sub-pieces.

    SentencePiece keeps only the most frequent English number words whole (teens, "ten", "zero" come
    out as "▁t"+"en", ...). Each missing word is appended as a normal piece scored with its log unigram
    probability in the corpus (the scale of the trainer's own scores), raised until the word encodes
    as that one piece. The model stays a plain Unigram SentencePiece model.
    """
    from sentencepiece import sentencepiece_model_pb2 as pb

    counts = {w: 0 for w in words}
    total = 0
    for line in lines:
        for w in line.split():
            counts[w] = counts.get(w, 0) + 1
            total += 1
    m = pb.ModelProto()
    m.ParseFromString(spm_bytes)
    existing = {p.piece for p in m.pieces}
    added = []
    for w in words:
        if "\u2581" + w not in existing:
            piece = m.pieces.add()
            piece.piece = "\u2581" + w
            piece.score = math.log(max(1, counts[w]) / total)
            piece.type = pb.ModelProto.SentencePiece.NORMAL
            added.append(piece)
    for _ in range(50):
        sp = spm.SentencePieceProcessor(model_proto=m.SerializeToString())
        split = [p for p in added if sp.encode(p.piece[1:], out_type=str) != [p.piece]]
        if not split:
            return m.SerializeToString()
        for p in split:
            p.score += 1.0
    raise SystemExit(f"could not make {[p.piece for p in split]} single pieces")


def decode_pieces(pieces: list[str]) -> str:
    """What the Metaspace decoder does: ▁ -> space, leading space dropped."""
    return "".join(pieces).replace("\u2581", " ").strip()


def train_model(dims, train_pairs, cfg, log):
    torch.manual_seed(cfg["seed"])
    gen = torch.Generator().manual_seed(cfg["seed"])
    model = mo.MarianMT(dims)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"], betas=(0.9, 0.98), eps=1e-9)
    steps, warmup = cfg["steps"], cfg["warmup"]

    def lr_at(step):
        if step < warmup:
            return (step + 1) / warmup
        return 0.5 * (1 + math.cos(math.pi * (step - warmup) / max(1, steps - warmup))) * 0.98 + 0.02

    sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_at)
    pad, start = dims.pad_token_id, dims.pad_token_id
    n = len(train_pairs)
    order = torch.randperm(n, generator=gen).tolist()
    cursor = 0
    model.train()
    t0 = time.time()
    for step in range(steps):
        if cursor + cfg["batch"] > n:
            order = torch.randperm(n, generator=gen).tolist()
            cursor = 0
        batch = [train_pairs[i] for i in order[cursor : cursor + cfg["batch"]]]
        cursor += cfg["batch"]
        s_len = max(len(s) for s, _ in batch)
        t_len = max(len(t) for _, t in batch)
        src = torch.full((len(batch), s_len), pad, dtype=torch.long)
        mask = torch.zeros((len(batch), s_len), dtype=torch.long)
        dec_in = torch.full((len(batch), t_len), pad, dtype=torch.long)
        labels = torch.full((len(batch), t_len), -100, dtype=torch.long)
        for i, (s, t) in enumerate(batch):
            src[i, : len(s)] = torch.tensor(s)
            mask[i, : len(s)] = 1
            dec_in[i, 0] = start
            dec_in[i, 1 : len(t)] = torch.tensor(t[:-1])
            labels[i, : len(t)] = torch.tensor(t)
        logits = model(src, mask, dec_in)
        loss = F.cross_entropy(
            logits.reshape(-1, dims.vocab_size), labels.reshape(-1), ignore_index=-100, label_smoothing=cfg["label_smoothing"]
        )
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        if step % 500 == 0 or step == steps - 1:
            log(f"    step {step:5d}/{steps} loss {loss.item():.4f} lr {sched.get_last_lr()[0]:.2e} {time.time() - t0:6.1f}s")
    model.eval()
    return model, time.time() - t0


def torch_accuracy(model, dims, examples, src_ids, id_to_piece):
    """Greedy decoding with the cache in torch; exact match of the decoded text."""
    correct = 0
    wrong = []
    for b in range(0, len(examples), 128):
        chunk = examples[b : b + 128]
        ids = [src_ids(s) for s, _ in chunk]
        width = max(map(len, ids))
        src = torch.full((len(ids), width), dims.pad_token_id, dtype=torch.long)
        mask = torch.zeros((len(ids), width), dtype=torch.long)
        for i, x in enumerate(ids):
            src[i, : len(x)] = torch.tensor(x)
            mask[i, : len(x)] = 1
        outs = model.greedy(src, mask, dims.pad_token_id, dims.eos_token_id, 64, banned=[dims.pad_token_id])
        for (s, t), out in zip(chunk, outs):
            text = decode_pieces([id_to_piece[i] for i in out])
            if text == t:
                correct += 1
            else:
                wrong.append((s, t, text))
    return correct, wrong


def run_node_verify(models_dir: str, pair: str, log) -> dict | None:
    script = os.path.join(HERE, "verify_with_node.mjs")
    node_modules = os.path.join(mo.repo_root(), "node_modules", "@huggingface", "transformers")
    if not os.path.exists(node_modules):
        log("  (no node_modules: onnxruntime-node / transformers.js accuracy not measured)")
        return None
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        out = f.name
    try:
        proc = subprocess.run(
            ["node", script, "--models-dir", models_dir, "--pair", pair, "--json", out, "--min-accuracy", "0"],
            cwd=mo.repo_root(),
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0:
            log(proc.stdout[-3000:] + proc.stderr[-3000:])
            raise SystemExit(f"verify_with_node.mjs failed for {pair}")
        with open(out, encoding="utf-8") as f:
            return json.load(f)[pair]
    finally:
        os.unlink(out)


def model_card(pair, src_lang, tgt_lang, dims, cfg, info) -> str:
    enc = info["onnx"]["encoder"]
    dec = info["onnx"]["decoder"]

    def io_table(summary):
        rows = ["| direction | name | dtype | shape |", "| --- | --- | --- | --- |"]
        for kind in ("inputs", "outputs"):
            for v in summary[kind]:
                rows.append(f"| {kind[:-1]} | `{v['name']}` | {v['dtype']} | `{v['shape']}` |")
        return "\n".join(rows)

    def acc(res, key):
        if not res:
            return "not measured (no Node / node_modules at build time)"
        r = res[key]
        return f"{r['correct']}/{r['total']} ({100 * r['correct'] / r['total']:.1f}%)"

    node = info.get("node")
    cache_line = ""
    if node:
        o = node["ort"]
        cache_line = (
            f"- onnxruntime-node, the same loop re-run without the cache (full prefix, use_cache_branch false every step): "
            f"{o['cache_vs_nocache_same']}/{o['total']} identical outputs, largest logit difference {o['max_abs_logit_diff']:.2e}\n"
        )
    direction = "English number words to Chinese numerals" if src_lang == "en-us" else "Chinese numerals to English number words"
    return f"""# Test model {pair}: {direction}

A tiny Marian (OPUS-MT architecture) model for tests, trained from scratch on a synthetic task:
the numbers 0-9999 written as English words and as Chinese numerals. It is not a translation
model for real text. It is laid out exactly like a Hugging Face / Xenova ONNX export of an
OPUS-MT model, so that onnxruntime-node and transformers.js load it as they load `opus-mt-*`.

## Task and conventions

- Source ({src_lang}) examples: `{info['examples'][0][0]}`, `{info['examples'][1][0]}`, `{info['examples'][2][0]}`
- Target ({tgt_lang}) examples: `{info['examples'][0][1]}`, `{info['examples'][1][1]}`, `{info['examples'][2][1]}`
- English: lower case, words separated by one space, no hyphens; British "and" before the last
  one- or two-digit part when a hundreds or thousands part precedes it: "one hundred and five",
  "one thousand and ten", "one thousand two hundred and five", but "three thousand four hundred".
- Chinese: standard reading; one 零 for internal zeros (一千零一十, 一百零五), 十 alone only at the
  start (十, 十一), 一十 after a higher unit (一百一十), 二 (not 两) everywhere (二千).
- Held out of training: {len(info['heldout'])} numbers, a `random.Random({HELDOUT_SEED}).sample` of
  21-9999 (0-20 always train). They are in `heldout.tsv` (source TAB target, one per line).
  {len(info['train'])} numbers train.

## Held-out accuracy (exact match, greedy decoding)

- torch (training code, cached decoding): {info['torch_correct']}/{len(info['heldout'])} ({100 * info['torch_correct'] / len(info['heldout']):.1f}%)
- onnxruntime-node, direct greedy loop on the merged decoder (use_cache_branch false at step 0, true after): {acc(node, 'ort')}
{cache_line}- transformers.js {info.get('tjs_version', '')} `pipeline('translation')` (local folder, no remote models): {acc(node, 'transformers_js')}

## Model

| | |
| --- | --- |
| architecture | Marian (post-norm transformer, swish FFN, static sinusoidal positions, scaled and shared embeddings, tied output projection + final_logits_bias) |
| d_model / heads / FFN | {dims.d_model} / {dims.encoder_attention_heads} / {dims.encoder_ffn_dim} |
| encoder / decoder layers | {dims.encoder_layers} / {dims.decoder_layers} |
| vocabulary | {dims.vocab_size} (shared by source and target) |
| max_position_embeddings | {dims.max_position_embeddings} |
| parameters | {info['params']:,} |
| special ids | `</s>` (eos) {dims.eos_token_id}, `<unk>` 1, `<pad>` {dims.pad_token_id} (pad = decoder_start_token_id, as OPUS-MT) |
| precision | fp32 |

SentencePiece: two Unigram models trained with python3-sentencepiece on the training side of
each language (`source.spm`: {src_lang}, `target.spm`: {tgt_lang}; `</s>` 0, `<unk>` 1, no `<s>`,
nmt_nfkc normalization), and one shared `vocab.json` (`</s>` 0, `<unk>` 1, source pieces,
target-only pieces, `<pad>` last) that both map into, as OPUS-MT ships them. Every English word
is a whole `▁word` piece and every Chinese numeral character is a piece. `tokenizer.json` is the
Unigram model over the shared vocabulary (scores from source.spm, else target.spm), Metaspace
pre-tokenizer and decoder, `</s>` appended by a TemplateProcessing post-processor.

## Training

- Command: `{info['command']}`
- Seed {cfg['seed']}; {cfg['steps']} steps of batch {cfg['batch']}; Adam (0.9, 0.98), peak lr {cfg['lr']},
  {cfg['warmup']} warm-up steps then cosine decay; dropout {cfg['dropout']}; label smoothing {cfg['label_smoothing']};
  torch {torch.__version__} on 2 CPU threads.
- Training time: {info['train_seconds']:.0f} s (whole build of this model: {info['build_seconds']:.0f} s).

## ONNX files

`onnx/encoder_model.onnx`:

{io_table(enc)}

`onnx/decoder_model_merged.onnx` (one `If` on `use_cache_branch`; the false branch ignores
`past_key_values.*` and computes the cross-attention keys/values from `encoder_hidden_states`,
the true branch appends to the past decoder keys/values and passes the past encoder ones through):

{io_table(dec)}

Opset {mo.OPSET}. Files: see `checksums.sha256` (sha256 of every file, `sha256sum -c` format).
"""


def build_pair(pair, out_dir, spms, cfg, verify, log):
    t_build = time.time()
    src_lang, tgt_lang = pair.split("_")
    src_fn, tgt_fn = LANGS[src_lang], LANGS[tgt_lang]
    src_bytes, tgt_bytes = spms[src_lang], spms[tgt_lang]
    src_sp = spm.SentencePieceProcessor(model_proto=src_bytes)
    tgt_sp = spm.SentencePieceProcessor(model_proto=tgt_bytes)
    vocab = mo.build_shared_vocab(src_sp, tgt_sp)
    id_to_piece = {i: p for p, i in vocab.items()}
    dims = mo.MarianDims(
        vocab_size=len(vocab),
        d_model=cfg["d_model"],
        encoder_layers=cfg["layers"],
        decoder_layers=cfg["layers"],
        encoder_attention_heads=cfg["heads"],
        decoder_attention_heads=cfg["heads"],
        encoder_ffn_dim=cfg["ffn"],
        decoder_ffn_dim=cfg["ffn"],
        max_position_embeddings=512,
        pad_token_id=vocab[mo.PAD],
        eos_token_id=vocab[mo.EOS],
        dropout=cfg["dropout"],
    )

    def ids(sp, text):
        return [vocab.get(p, vocab[mo.UNK]) for p in sp.encode(text, out_type=str)] + [dims.eos_token_id]

    held = set(heldout_numbers())
    train_nums = [n for n in range(nw.MAX_NUMBER + 1) if n not in held]
    train_pairs = [(ids(src_sp, src_fn(n)), ids(tgt_sp, tgt_fn(n))) for n in train_nums]
    heldout = [(src_fn(n), tgt_fn(n)) for n in sorted(held)]

    # tokenizer.json must segment source text exactly as source.spm + vocab.json do.
    tok = mo.tokenizer_json(vocab, src_sp, tgt_sp, src_bytes)
    pieces = {p: (i, s) for i, (p, s) in enumerate(tok["model"]["vocab"]) if p not in (mo.EOS, mo.UNK, mo.PAD)}
    for n in range(nw.MAX_NUMBER + 1):
        text = src_fn(n)
        assert mo.unigram_viterbi(text, pieces, vocab[mo.UNK]) + [dims.eos_token_id] == ids(src_sp, text), text
    # The target side decodes back to the reference text.
    for n in range(0, nw.MAX_NUMBER + 1, 7):
        t = ids(tgt_sp, tgt_fn(n))[:-1]
        assert decode_pieces([id_to_piece[i] for i in t]) == tgt_fn(n)

    log(f"[{pair}] vocab {dims.vocab_size}, {len(train_pairs)} train / {len(heldout)} held out")
    model, train_seconds = train_model(dims, train_pairs, cfg, log)
    params = sum(p.numel() for p in model.parameters())
    correct, wrong = torch_accuracy(model, dims, heldout, lambda s: ids(src_sp, s), id_to_piece)
    log(f"[{pair}] torch held-out accuracy {correct}/{len(heldout)}; trained {train_seconds:.1f}s")
    for w in wrong[:10]:
        log(f"    wrong: {w[0]!r} -> {w[2]!r} (want {w[1]!r})")

    folder = os.path.join(out_dir, pair)
    if os.path.exists(folder):
        for root, dirs, files in os.walk(folder, topdown=False):
            for f in files:
                os.unlink(os.path.join(root, f))
            for d in dirs:
                os.rmdir(os.path.join(root, d))
    os.makedirs(os.path.join(folder, "onnx"), exist_ok=True)
    with open(os.path.join(folder, "source.spm"), "wb") as f:
        f.write(src_bytes)
    with open(os.path.join(folder, "target.spm"), "wb") as f:
        f.write(tgt_bytes)
    mo.write_json(os.path.join(folder, "vocab.json"), vocab)
    mo.write_json(os.path.join(folder, "tokenizer.json"), tok)
    mo.write_json(os.path.join(folder, "tokenizer_config.json"), mo.tokenizer_config_json(src_lang, tgt_lang))
    mo.write_json(os.path.join(folder, "config.json"), mo.config_json(dims))
    mo.write_json(os.path.join(folder, "generation_config.json"), mo.generation_config_json(dims))
    with open(os.path.join(folder, "heldout.tsv"), "w", encoding="utf-8") as f:
        for s, t in heldout:
            f.write(f"{s}\t{t}\n")
    torch.manual_seed(0)  # dummy export inputs
    with tempfile.TemporaryDirectory() as tmp:
        mo.export_encoder(model, os.path.join(folder, "onnx", "encoder_model.onnx"))
        mo.export_decoder_merged(model, os.path.join(folder, "onnx", "decoder_model_merged.onnx"), tmp)
    mo.prettier([os.path.join(folder, n) for n in ("vocab.json", "tokenizer.json", "tokenizer_config.json", "config.json", "generation_config.json")])

    node = run_node_verify(out_dir, pair, log) if verify else None
    if node:
        log(
            f"[{pair}] onnxruntime-node {node['ort']['correct']}/{node['ort']['total']}, "
            f"transformers.js {node['transformers_js']['correct']}/{node['transformers_js']['total']}, "
            f"cache == no cache on {node['ort']['cache_vs_nocache_same']}/{node['ort']['total']}"
        )
    info = {
        "examples": [(src_fn(n), tgt_fn(n)) for n in (21, 1010, 3400)],
        "heldout": heldout,
        "train": train_pairs,
        "torch_correct": correct,
        "params": params,
        "train_seconds": train_seconds,
        "build_seconds": time.time() - t_build,
        "command": "/usr/bin/python3 workers/mt/test-models/build_test_models.py" + ("" if not cfg.get("argv") else " " + cfg["argv"]),
        "onnx": {
            "encoder": mo.onnx_io_summary(os.path.join(folder, "onnx", "encoder_model.onnx")),
            "decoder": mo.onnx_io_summary(os.path.join(folder, "onnx", "decoder_model_merged.onnx")),
        },
        "node": node,
        "tjs_version": node.get("transformers_js_version", "") if node else "",
    }
    card = os.path.join(folder, "MODEL_CARD.md")
    with open(card, "w", encoding="utf-8") as f:
        f.write(model_card(pair, src_lang, tgt_lang, dims, cfg, info))
    mo.prettier([card])
    mo.write_checksums(folder)
    size = mo.folder_size(folder)
    log(f"[{pair}] wrote {folder} ({size / 1e6:.2f} MB) in {info['build_seconds']:.0f}s")
    return {"pair": pair, "torch": correct, "total": len(heldout), "node": node, "size": size, "train_seconds": train_seconds}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(HERE, "models"), help="models directory (default: %(default)s)")
    ap.add_argument("--pairs", nargs="+", default=PAIRS, choices=PAIRS)
    ap.add_argument("--no-verify", action="store_true", help="skip the onnxruntime-node / transformers.js check")
    for k, v in DEFAULTS.items():
        ap.add_argument("--" + k.replace("_", "-"), type=type(v), default=v)
    args = ap.parse_args()
    cfg = {k: getattr(args, k) for k in DEFAULTS}
    cfg["argv"] = " ".join(shlex.quote(a) for a in sys.argv[1:])
    torch.set_num_threads(2)
    nw.self_test()
    log = lambda s: print(s, flush=True)  # noqa: E731

    held = set(heldout_numbers())
    train_nums = [n for n in range(nw.MAX_NUMBER + 1) if n not in held]
    spms = {}
    for lang, fn in LANGS.items():
        lines = [fn(n) for n in train_nums]
        spms[lang] = train_spm(lines, SPM_VOCAB[lang])
        if lang == "en-us":
            spms[lang] = ensure_word_pieces(spms[lang], lines, nw.ENGLISH_WORDS)
        sp = spm.SentencePieceProcessor(model_proto=spms[lang])
        if lang == "en-us":
            missing = [w for w in nw.ENGLISH_WORDS if sp.piece_to_id("\u2581" + w) == sp.unk_id()]
            split = [n for n in range(nw.MAX_NUMBER + 1) if len(sp.encode(fn(n))) != len(fn(n).split())]
            assert not split, f"English numbers not one piece per word: {split[:5]}"
        else:
            missing = [c for c in nw.CHINESE_CHARS if sp.piece_to_id(c) == sp.unk_id()]
        assert not missing, f"{lang} SentencePiece model lacks {missing}"
        log(f"SentencePiece {lang}: {sp.get_piece_size()} pieces")

    os.makedirs(args.out, exist_ok=True)
    t0 = time.time()
    results = [build_pair(pair, args.out, spms, cfg, not args.no_verify, log) for pair in args.pairs]
    log(f"done in {time.time() - t0:.0f}s")
    for r in results:
        node = r["node"]
        extra = ""
        if node:
            extra = f", onnxruntime-node {node['ort']['correct']}/{r['total']}, transformers.js {node['transformers_js']['correct']}/{r['total']}"
        log(f"  {r['pair']}: torch {r['torch']}/{r['total']}{extra}; {r['size'] / 1e6:.2f} MB; trained {r['train_seconds']:.0f}s")


if __name__ == "__main__":
    main()
