#!/usr/bin/python3
"""Builds an OPUS-MT-sized Marian model with random weights, for speed benchmarks (not committed).

    /usr/bin/python3 workers/mt/test-models/build_opus_sized_model.py --out /tmp/opus-models
    /usr/bin/python3 workers/mt/test-models/build_opus_sized_model.py --out DIR --pair en_de --vocab-size 58101

Writes DIR/<pair>/ in the same layout as the tiny test models (config.json, generation_config.json,
tokenizer.json, tokenizer_config.json, source.spm, target.spm, vocab.json, onnx/encoder_model.onnx,
onnx/decoder_model_merged.onnx, MODEL_CARD.md, checksums.sha256), with OPUS-MT's dimensions:
6+6 layers, d_model 512, 8 heads, FFN 2048, a shared vocabulary of --vocab-size (default 58101,
opus-mt-en-de's), max_position_embeddings 512, fp32.

The weights are random (seeded): the output is gibberish, but the tensor shapes, the graph and
the per-token cost are those of a real OPUS-MT export. The tokenizer is real SentencePiece: two
Unigram models trained on English text found on every Debian machine (the docstrings of Python's
standard library and /usr/share/common-licenses), so English input splits into realistic piece
counts; the shared vocabulary is padded with dummy pieces (`<dummy_N>`) up to --vocab-size.

With --quantize (default on), int8 dynamically quantized copies (onnx/encoder_model_quantized.onnx,
onnx/decoder_model_merged_quantized.onnx, as the Xenova exports name them) are written when the
running Python can import onnxruntime.quantization. Debian has no python3-onnxruntime, so with
/usr/bin/python3 this step is skipped (and said so); a virtualenv made with
`/usr/bin/python3 -m venv --system-site-packages V && V/bin/pip install onnxruntime` can run it.
"""

from __future__ import annotations

import argparse
import ast
import glob
import io
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

import sentencepiece as spm  # noqa: E402
import torch  # noqa: E402

import marian_onnx as mo  # noqa: E402


def english_text(max_lines: int = 200_000) -> list[str]:
    """Sentences from the docstrings of Python's standard library and Debian's license texts."""
    lines: list[str] = []
    stdlib = os.path.dirname(os.__file__)
    for path in sorted(glob.glob(os.path.join(stdlib, "**", "*.py"), recursive=True)):
        rel = os.path.relpath(path, stdlib)
        if rel.startswith(("test", "idlelib", "site-packages", "dist-packages")) or "/test" in rel:
            continue
        try:
            with open(path, encoding="utf-8") as f:
                tree = ast.parse(f.read())
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                doc = ast.get_docstring(node)
                if doc:
                    lines += [" ".join(p.split()) for p in doc.split("\n\n")]
    for path in sorted(glob.glob("/usr/share/common-licenses/*")):
        if os.path.isfile(path):
            with open(path, encoding="utf-8", errors="ignore") as f:
                lines += [" ".join(p.split()) for p in f.read().split("\n\n")]
    lines = [line for line in lines if len(line) > 20]
    return lines[:max_lines]


def train_spm(lines: list[str], vocab_size: int) -> bytes:
    buf = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(lines),
        model_writer=buf,
        model_type="unigram",
        vocab_size=vocab_size,
        character_coverage=0.9999,
        hard_vocab_limit=False,
        eos_id=0,
        unk_id=1,
        bos_id=-1,
        pad_id=-1,
        num_threads=2,
        normalization_rule_name="nmt_nfkc",
        input_sentence_size=len(lines),
        minloglevel=2,
    )
    return buf.getvalue()


def quantize(folder: str, log) -> bool:
    try:
        from onnxruntime.quantization import QuantType, quantize_dynamic
    except ImportError as err:
        log(f"  int8 quantization skipped: onnxruntime.quantization is not importable here ({err})")
        return False
    tmp = tempfile.TemporaryDirectory()
    for base in ("encoder_model", "decoder_model_merged"):
        src = os.path.join(folder, "onnx", f"{base}.onnx")
        dst = os.path.join(folder, "onnx", f"{base}_quantized.onnx")
        t0 = time.time()
        if base == "decoder_model_merged":
            src = gemm_to_matmul(src, os.path.join(tmp.name, f"{base}.onnx"))
        # EnableSubgraph: the merged decoder's MatMuls live in the two branches of its If node.
        quantize_dynamic(
            src, dst, weight_type=QuantType.QInt8, per_channel=False, reduce_range=False, extra_options={"EnableSubgraph": True}
        )
        log(f"  {dst}: {os.path.getsize(dst) / 1e6:.1f} MB in {time.time() - t0:.0f}s")
    tmp.cleanup()
    return True


def gemm_to_matmul(src: str, dst: str) -> str:
    """Rewrites the output projection Gemm(x, shared, bias, transB=1) as MatMul(x, sharedᵀ) + bias.

    onnxruntime's dynamic quantizer turns Gemm into MatMulInteger without honouring transB (the
    quantized model then fails to load), so the quantized copy gets a transposed weight instead.
    """
    import onnx
    from onnx import helper, numpy_helper

    model = onnx.load(src)
    outer = {i.name: i for i in model.graph.initializer}
    added = {}
    for attr in model.graph.node[0].attribute:
        graph = attr.g
        nodes = list(graph.node)
        del graph.node[:]
        for node in nodes:
            trans_b = next((a.i for a in node.attribute if a.name == "transB"), 0)
            if node.op_type == "Gemm" and trans_b == 1 and node.input[1] in outer:
                w = node.input[1]
                if w not in added:
                    wt = numpy_helper.from_array(numpy_helper.to_array(outer[w]).T.copy(), w + ".T")
                    model.graph.initializer.append(wt)
                    added[w] = wt.name
                mm = node.output[0] + "/matmul"
                graph.node.append(helper.make_node("MatMul", [node.input[0], added[w]], [mm], name=node.name + "/MatMul"))
                graph.node.append(helper.make_node("Add", [mm, node.input[2]], [node.output[0]], name=node.name + "/Add"))
            else:
                graph.node.append(node)
    onnx.save(model, dst)
    return dst


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="models directory; the model goes to OUT/<pair>")
    ap.add_argument("--pair", default="en_de", help="folder name, <src>_<tgt> (default: %(default)s)")
    ap.add_argument("--vocab-size", type=int, default=58101)
    ap.add_argument("--d-model", type=int, default=512)
    ap.add_argument("--layers", type=int, default=6)
    ap.add_argument("--heads", type=int, default=8)
    ap.add_argument("--ffn", type=int, default=2048)
    ap.add_argument("--spm-vocab", type=int, default=32000, help="target size of each SentencePiece model")
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("--no-quantize", action="store_true")
    args = ap.parse_args()
    torch.set_num_threads(2)
    log = lambda s: print(s, flush=True)  # noqa: E731
    t_all = time.time()
    src_lang, tgt_lang = args.pair.split("_")

    t0 = time.time()
    text = english_text()
    src_bytes = train_spm(text[0::2], args.spm_vocab)
    tgt_bytes = train_spm(text[1::2], args.spm_vocab)
    src_sp = spm.SentencePieceProcessor(model_proto=src_bytes)
    tgt_sp = spm.SentencePieceProcessor(model_proto=tgt_bytes)
    vocab = mo.build_shared_vocab(src_sp, tgt_sp)
    dummies = [f"<dummy_{i}>" for i in range(max(0, args.vocab_size - len(vocab)))]
    vocab = mo.build_shared_vocab(src_sp, tgt_sp, dummies)
    log(
        f"SentencePiece: {src_sp.get_piece_size()} + {tgt_sp.get_piece_size()} pieces from {len(text)} lines, "
        f"shared vocabulary {len(vocab)} ({len(dummies)} dummy pieces) in {time.time() - t0:.0f}s"
    )

    dims = mo.MarianDims(
        vocab_size=len(vocab),
        d_model=args.d_model,
        encoder_layers=args.layers,
        decoder_layers=args.layers,
        encoder_attention_heads=args.heads,
        decoder_attention_heads=args.heads,
        encoder_ffn_dim=args.ffn,
        decoder_ffn_dim=args.ffn,
        max_position_embeddings=512,
        pad_token_id=vocab[mo.PAD],
        eos_token_id=vocab[mo.EOS],
        dropout=0.1,
    )
    torch.manual_seed(args.seed)
    model = mo.MarianMT(dims).eval()
    params = sum(p.numel() for p in model.parameters())
    log(f"model: {params / 1e6:.1f}M parameters")

    folder = os.path.join(args.out, args.pair)
    os.makedirs(os.path.join(folder, "onnx"), exist_ok=True)
    for stale in glob.glob(os.path.join(folder, "onnx", "*_quantized.onnx")):
        os.unlink(stale)
    with open(os.path.join(folder, "source.spm"), "wb") as f:
        f.write(src_bytes)
    with open(os.path.join(folder, "target.spm"), "wb") as f:
        f.write(tgt_bytes)
    mo.write_json(os.path.join(folder, "vocab.json"), vocab)
    mo.write_json(os.path.join(folder, "tokenizer.json"), mo.tokenizer_json(vocab, src_sp, tgt_sp, src_bytes), compact=True)
    mo.write_json(os.path.join(folder, "tokenizer_config.json"), mo.tokenizer_config_json(src_lang, tgt_lang))
    mo.write_json(os.path.join(folder, "config.json"), mo.config_json(dims))
    mo.write_json(os.path.join(folder, "generation_config.json"), mo.generation_config_json(dims))

    t0 = time.time()
    torch.manual_seed(0)
    with tempfile.TemporaryDirectory() as tmp:
        mo.export_encoder(model, os.path.join(folder, "onnx", "encoder_model.onnx"))
        mo.export_decoder_merged(model, os.path.join(folder, "onnx", "decoder_model_merged.onnx"), tmp)
    export_seconds = time.time() - t0
    for name in ("encoder_model.onnx", "decoder_model_merged.onnx"):
        log(f"  onnx/{name}: {os.path.getsize(os.path.join(folder, 'onnx', name)) / 1e6:.1f} MB")
    log(f"exported in {export_seconds:.0f}s")

    quantized = False if args.no_quantize else quantize(folder, log)
    command = "/usr/bin/python3 workers/mt/test-models/build_opus_sized_model.py " + " ".join(sys.argv[1:])
    with open(os.path.join(folder, "MODEL_CARD.md"), "w", encoding="utf-8") as f:
        f.write(
            f"""# {args.pair}: OPUS-MT-sized Marian model with random weights (benchmarks only)

Not a translation model: the weights are random (torch seed {args.seed}), so the output is gibberish.
It has OPUS-MT's architecture and size ({dims.encoder_layers}+{dims.decoder_layers} layers, d_model {dims.d_model},
{dims.encoder_attention_heads} heads, FFN {dims.encoder_ffn_dim}, shared vocabulary {dims.vocab_size},
{params / 1e6:.1f}M parameters, fp32) and the Hugging Face / Xenova ONNX layout, for load-time, memory
and per-token speed measurements.

- Built by: `{command}`
- Special ids: `</s>` {dims.eos_token_id}, `<unk>` 1, `<pad>` {dims.pad_token_id} (= decoder_start_token_id)
- Tokenizer: SentencePiece Unigram models trained on English text from Python's standard library
  docstrings and /usr/share/common-licenses; `<dummy_N>` pieces pad the shared vocabulary.
- int8 quantized copies: {"yes (onnxruntime.quantization.quantize_dynamic, QInt8 weights)" if quantized else "no (onnxruntime.quantization not available to the building Python)"}
- Build time: {time.time() - t_all:.0f} s (ONNX export {export_seconds:.0f} s).
"""
        )
    mo.write_checksums(folder)
    log(f"wrote {folder} ({mo.folder_size(folder) / 1e6:.0f} MB) in {time.time() - t_all:.0f}s")


if __name__ == "__main__":
    main()
