"""Marian (OPUS-MT) architecture in plain torch, and writers for the Hugging Face ONNX layout.

Shared by build_test_models.py and build_opus_sized_model.py. Needs only Debian's
python3-torch, python3-onnx, python3-numpy and python3-sentencepiece (no `transformers`).

The model mirrors transformers' MarianMTModel:
  * one shared embedding (encoder input, decoder input, output projection), scaled by sqrt(d_model);
  * static sinusoidal positions (first half sin, second half cos), starting at 0;
  * post-norm encoder/decoder layers (BART layout, normalize_before false, no layernorm_embedding),
    swish (SiLU) feed-forward, q scaled by head_dim**-0.5;
  * logits = hidden @ shared.T + final_logits_bias.

The ONNX files follow what Optimum / Xenova exports of OPUS-MT look like:
  onnx/encoder_model.onnx          input_ids, attention_mask -> last_hidden_state
  onnx/decoder_model_merged.onnx   encoder_attention_mask, input_ids, encoder_hidden_states,
                                   past_key_values.{i}.{decoder,encoder}.{key,value}, use_cache_branch
                                   -> logits, present.{i}.{decoder,encoder}.{key,value}
"""

from __future__ import annotations

import base64
import copy
import hashlib
import json
import math
import os
import shutil
import subprocess
from dataclasses import dataclass

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

OPSET = 14
NEG_INF = torch.finfo(torch.float32).min


# ----------------------------------------------------------------------------------------------
# Model
# ----------------------------------------------------------------------------------------------


@dataclass
class MarianDims:
    vocab_size: int
    d_model: int = 512
    encoder_layers: int = 6
    decoder_layers: int = 6
    encoder_attention_heads: int = 8
    decoder_attention_heads: int = 8
    encoder_ffn_dim: int = 2048
    decoder_ffn_dim: int = 2048
    max_position_embeddings: int = 512
    pad_token_id: int = 0
    eos_token_id: int = 0
    dropout: float = 0.1


def sinusoidal_positions(n_pos: int, dim: int) -> torch.Tensor:
    """transformers' MarianSinusoidalPositionalEmbedding table: sin in [:, :dim/2], cos in [:, dim/2:]."""
    pos = np.arange(n_pos, dtype=np.float64)[:, None]
    j = np.arange(dim)[None, :]
    enc = pos / np.power(10000, 2 * (j // 2) / dim)
    out = np.zeros((n_pos, dim), dtype=np.float32)
    sentinel = dim // 2 if dim % 2 == 0 else dim // 2 + 1
    out[:, :sentinel] = np.sin(enc[:, 0::2])
    out[:, sentinel:] = np.cos(enc[:, 1::2])
    return torch.from_numpy(out)


class Attention(nn.Module):
    def __init__(self, d_model: int, heads: int):
        super().__init__()
        assert d_model % heads == 0
        self.heads = heads
        self.head_dim = d_model // heads
        self.scaling = self.head_dim**-0.5
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.q_proj = nn.Linear(d_model, d_model)
        self.out_proj = nn.Linear(d_model, d_model)

    def split(self, x: torch.Tensor) -> torch.Tensor:
        """[batch, seq, d_model] -> [batch, heads, seq, head_dim]"""
        return x.view(x.size(0), -1, self.heads, self.head_dim).transpose(1, 2)

    def attend(self, x: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor | None) -> torch.Tensor:
        q = self.split(self.q_proj(x) * self.scaling)
        if self.training:
            # Same math as below. Debian's torch 1.13 runs bmm over many tiny matrices one by one
            # (slow); broadcasting products are far faster for the tiny training shapes.
            w = (q[:, :, :, None, :] * k[:, :, None, :, :]).sum(-1)
        else:
            w = torch.matmul(q, k.transpose(2, 3))
        if mask is not None:
            w = w + mask
        p = torch.softmax(w, dim=-1)
        if self.training:
            o = (p[:, :, :, :, None] * v[:, :, None, :, :]).sum(3).transpose(1, 2)
        else:
            o = torch.matmul(p, v).transpose(1, 2)
        o = o.reshape(o.size(0), o.size(1), self.heads * self.head_dim)
        return self.out_proj(o)


class EncoderLayer(nn.Module):
    def __init__(self, dims: MarianDims):
        super().__init__()
        d = dims.d_model
        self.self_attn = Attention(d, dims.encoder_attention_heads)
        self.self_attn_layer_norm = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, dims.encoder_ffn_dim)
        self.fc2 = nn.Linear(dims.encoder_ffn_dim, d)
        self.final_layer_norm = nn.LayerNorm(d)
        self.dropout = dims.dropout

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        a = self.self_attn
        h = a.attend(x, a.split(a.k_proj(x)), a.split(a.v_proj(x)), mask)
        x = self.self_attn_layer_norm(x + F.dropout(h, self.dropout, self.training))
        h = self.fc2(F.silu(self.fc1(x)))
        return self.final_layer_norm(x + F.dropout(h, self.dropout, self.training))


class DecoderLayer(nn.Module):
    def __init__(self, dims: MarianDims):
        super().__init__()
        d = dims.d_model
        self.self_attn = Attention(d, dims.decoder_attention_heads)
        self.self_attn_layer_norm = nn.LayerNorm(d)
        self.encoder_attn = Attention(d, dims.decoder_attention_heads)
        self.encoder_attn_layer_norm = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, dims.decoder_ffn_dim)
        self.fc2 = nn.Linear(dims.decoder_ffn_dim, d)
        self.final_layer_norm = nn.LayerNorm(d)
        self.dropout = dims.dropout

    def forward(self, x, self_mask, enc_mask, enc_h=None, past=None):
        """past: (self_k, self_v, cross_k, cross_v) or None. Returns (x, present) with the same layout."""
        a = self.self_attn
        k = a.split(a.k_proj(x))
        v = a.split(a.v_proj(x))
        c = self.encoder_attn
        if past is not None:
            k = torch.cat([past[0], k], dim=2)
            v = torch.cat([past[1], v], dim=2)
            ck, cv = past[2], past[3]
        else:
            ck = c.split(c.k_proj(enc_h))
            cv = c.split(c.v_proj(enc_h))
        h = a.attend(x, k, v, self_mask)
        x = self.self_attn_layer_norm(x + F.dropout(h, self.dropout, self.training))
        h = c.attend(x, ck, cv, enc_mask)
        x = self.encoder_attn_layer_norm(x + F.dropout(h, self.dropout, self.training))
        h = self.fc2(F.silu(self.fc1(x)))
        x = self.final_layer_norm(x + F.dropout(h, self.dropout, self.training))
        return x, (k, v, ck, cv)


class MarianMT(nn.Module):
    def __init__(self, dims: MarianDims):
        super().__init__()
        self.dims = dims
        d = dims.d_model
        self.shared = nn.Embedding(dims.vocab_size, d, padding_idx=dims.pad_token_id)
        self.embed_scale = math.sqrt(d)
        self.register_buffer("positions", sinusoidal_positions(dims.max_position_embeddings, d), persistent=False)
        self.encoder_layers = nn.ModuleList([EncoderLayer(dims) for _ in range(dims.encoder_layers)])
        self.decoder_layers = nn.ModuleList([DecoderLayer(dims) for _ in range(dims.decoder_layers)])
        self.final_logits_bias = nn.Parameter(torch.zeros(dims.vocab_size))
        self.reset_parameters()

    def reset_parameters(self, std: float = 0.02):
        for m in self.modules():
            if isinstance(m, nn.Linear):
                nn.init.normal_(m.weight, 0.0, std)
                nn.init.zeros_(m.bias)
            elif isinstance(m, nn.LayerNorm):
                nn.init.ones_(m.weight)
                nn.init.zeros_(m.bias)
        nn.init.normal_(self.shared.weight, 0.0, std)
        with torch.no_grad():
            self.shared.weight[self.dims.pad_token_id].zero_()
        nn.init.zeros_(self.final_logits_bias)

    @staticmethod
    def padding_mask(attention_mask: torch.Tensor) -> torch.Tensor:
        """[batch, src] int64 (1 = token) -> additive [batch, 1, 1, src]."""
        return (1.0 - attention_mask.to(torch.float32))[:, None, None, :] * NEG_INF

    def encode(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        seq = input_ids.size(1)
        x = self.shared(input_ids) * self.embed_scale
        x = x + self.positions[torch.arange(seq)]
        x = F.dropout(x, self.dims.dropout, self.training)
        mask = self.padding_mask(attention_mask)
        for layer in self.encoder_layers:
            x = layer(x, mask)
        return x

    def decode(self, input_ids, encoder_attention_mask, encoder_hidden_states=None, past=None):
        """Returns (logits [batch, seq, vocab], presents: list of (self_k, self_v, cross_k, cross_v))."""
        seq = input_ids.size(1)
        past_len = past[0][0].size(2) if past is not None else 0
        x = self.shared(input_ids) * self.embed_scale
        q_pos = torch.arange(seq) + past_len
        x = x + self.positions[q_pos]
        x = F.dropout(x, self.dims.dropout, self.training)
        k_pos = torch.arange(past_len + seq)
        causal = (k_pos[None, :] > q_pos[:, None]).to(torch.float32) * NEG_INF
        self_mask = causal[None, None, :, :]
        enc_mask = self.padding_mask(encoder_attention_mask)
        presents = []
        for i, layer in enumerate(self.decoder_layers):
            x, present = layer(x, self_mask, enc_mask, encoder_hidden_states, None if past is None else past[i])
            presents.append(present)
        # Tied output projection as Gemm(transB=1) on the shared embedding: no transposed copy is stored.
        flat = x.reshape(-1, self.dims.d_model)
        logits = F.linear(flat, self.shared.weight, self.final_logits_bias)
        logits = logits.reshape(x.size(0), x.size(1), self.dims.vocab_size)
        return logits, presents

    def forward(self, input_ids, attention_mask, decoder_input_ids):
        enc = self.encode(input_ids, attention_mask)
        logits, _ = self.decode(decoder_input_ids, attention_mask, enc)
        return logits

    @torch.no_grad()
    def greedy(self, input_ids, attention_mask, start_id: int, eos_id: int, max_new: int, banned=()):
        """Greedy decoding with the key/value cache (the same code path the ONNX export traces)."""
        enc = self.encode(input_ids, attention_mask)
        batch = input_ids.size(0)
        cur = torch.full((batch, 1), start_id, dtype=torch.long)
        out = [[] for _ in range(batch)]
        done = torch.zeros(batch, dtype=torch.bool)
        past = None
        for _ in range(max_new):
            logits, past = self.decode(cur, attention_mask, enc if past is None else None, past)
            step = logits[:, -1, :].clone()
            for b in banned:
                step[:, b] = -float("inf")
            nxt = step.argmax(-1)
            for i in range(batch):
                if not done[i]:
                    if nxt[i].item() == eos_id:
                        done[i] = True
                    else:
                        out[i].append(nxt[i].item())
            if bool(done.all()):
                break
            cur = nxt[:, None]
        return out


# ----------------------------------------------------------------------------------------------
# ONNX export
# ----------------------------------------------------------------------------------------------


class _Encoder(nn.Module):
    def __init__(self, model: MarianMT):
        super().__init__()
        self.model = model

    def forward(self, input_ids, attention_mask):
        return self.model.encode(input_ids, attention_mask)


class _DecoderNoPast(nn.Module):
    def __init__(self, model: MarianMT):
        super().__init__()
        self.model = model

    def forward(self, encoder_attention_mask, input_ids, encoder_hidden_states):
        logits, presents = self.model.decode(input_ids, encoder_attention_mask, encoder_hidden_states, None)
        return (logits,) + tuple(t for p in presents for t in p)


class _DecoderWithPast(nn.Module):
    """Takes past_key_values.*; returns logits and the decoder presents (encoder ones are added in the merge)."""

    def __init__(self, model: MarianMT):
        super().__init__()
        self.model = model

    def forward(self, encoder_attention_mask, input_ids, *flat_past):
        past = [tuple(flat_past[4 * i : 4 * i + 4]) for i in range(len(flat_past) // 4)]
        logits, presents = self.model.decode(input_ids, encoder_attention_mask, None, past)
        return (logits,) + tuple(t for p in presents for t in p[:2])


def _past_names(layers: int, prefix: str) -> list[str]:
    return [f"{prefix}.{i}.{part}.{kv}" for i in range(layers) for part in ("decoder", "encoder") for kv in ("key", "value")]


def export_encoder(model: MarianMT, path: str):
    model.eval()
    ids = torch.tensor([[3, 4, 5, model.dims.eos_token_id], [3, 4, model.dims.eos_token_id, model.dims.pad_token_id]])
    ids = ids.clamp(max=model.dims.vocab_size - 1)
    mask = torch.tensor([[1, 1, 1, 1], [1, 1, 1, 0]])
    axes = {0: "batch_size", 1: "encoder_sequence_length"}
    with torch.no_grad():
        torch.onnx.export(
            _Encoder(model),
            (ids, mask),
            path,
            input_names=["input_ids", "attention_mask"],
            output_names=["last_hidden_state"],
            dynamic_axes={"input_ids": axes, "attention_mask": axes, "last_hidden_state": axes},
            opset_version=OPSET,
            do_constant_folding=True,
        )


def export_decoder_merged(model: MarianMT, path: str, workdir: str):
    """Two torch.onnx.export runs (without / with cache) joined under If(use_cache_branch)."""
    import onnx

    model.eval()
    dims = model.dims
    layers, heads = dims.decoder_layers, dims.decoder_attention_heads
    head_dim = dims.d_model // heads
    batch, src, past_len = 2, 5, 3
    enc_mask = torch.tensor([[1, 1, 1, 1, 1], [1, 1, 1, 0, 0]])
    enc_h = torch.randn(batch, src, dims.d_model)
    ids1 = torch.tensor([[dims.pad_token_id, 3], [dims.pad_token_id, 4]]).clamp(max=dims.vocab_size - 1)
    ids2 = torch.tensor([[5], [6]]).clamp(max=dims.vocab_size - 1)
    past = []
    for _ in range(layers):
        past += [torch.randn(batch, heads, past_len, head_dim), torch.randn(batch, heads, past_len, head_dim)]
        past += [torch.randn(batch, heads, src, head_dim), torch.randn(batch, heads, src, head_dim)]

    present_names = _past_names(layers, "present")
    past_names = _past_names(layers, "past_key_values")
    dec_present_names = [n for n in present_names if ".decoder." in n]
    enc_axes = {0: "batch_size", 1: "encoder_sequence_length"}
    dec_axes = {0: "batch_size", 1: "decoder_sequence_length"}

    no_past_path = os.path.join(workdir, "decoder_model.onnx")
    with_past_path = os.path.join(workdir, "decoder_with_past_model.onnx")
    axes = {"encoder_attention_mask": enc_axes, "input_ids": dec_axes, "encoder_hidden_states": enc_axes, "logits": dec_axes}
    for n in present_names:
        axes[n] = {0: "batch_size", 2: "decoder_sequence_length" if ".decoder." in n else "encoder_sequence_length"}
    with torch.no_grad():
        torch.onnx.export(
            _DecoderNoPast(model),
            (enc_mask, ids1, enc_h),
            no_past_path,
            input_names=["encoder_attention_mask", "input_ids", "encoder_hidden_states"],
            output_names=["logits"] + present_names,
            dynamic_axes=axes,
            opset_version=OPSET,
            do_constant_folding=True,
        )
    axes = {"encoder_attention_mask": enc_axes, "input_ids": dec_axes, "logits": dec_axes}
    for n in past_names:
        axes[n] = {0: "batch_size", 2: "past_decoder_sequence_length" if ".decoder." in n else "encoder_sequence_length_out"}
    for n in dec_present_names:
        axes[n] = {0: "batch_size", 2: "past_decoder_sequence_length + 1"}
    with torch.no_grad():
        torch.onnx.export(
            _DecoderWithPast(model),
            (enc_mask, ids2, *past),
            with_past_path,
            input_names=["encoder_attention_mask", "input_ids"] + past_names,
            output_names=["logits"] + dec_present_names,
            dynamic_axes=axes,
            opset_version=OPSET,
            do_constant_folding=True,
        )
    no_past = onnx.load(no_past_path)
    with_past = onnx.load(with_past_path)
    merged = merge_decoders(no_past, with_past, dims, present_names, past_names)
    onnx.checker.check_model(merged)
    onnx.save(merged, path)


def merge_decoders(no_past, with_past, dims: MarianDims, present_names, past_names):
    """Joins the two decoder graphs under one If node, as Optimum's merged decoders are.

    Initializers of both graphs are moved to the outer graph and deduplicated by content, so the
    weights are stored once. Branch-internal value names get a prefix; the branches read the outer
    graph's inputs by name. The cache branch passes the past encoder key/values through as the
    present.*.encoder.* outputs; the no-cache branch never reads past_key_values.*.
    """
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    heads = dims.decoder_attention_heads
    head_dim = dims.d_model // heads
    outer_inits: dict[str, object] = {}
    by_content: dict[tuple, str] = {}

    def take_initializers(graph, prefix: str) -> dict[str, str]:
        rename = {}
        for init in graph.initializer:
            arr = numpy_helper.to_array(init)
            key = (init.data_type, tuple(init.dims), hashlib.sha256(arr.tobytes()).hexdigest())
            if key in by_content:
                rename[init.name] = by_content[key]
                continue
            name = init.name if init.name not in outer_inits else prefix + init.name
            new = copy.deepcopy(init)
            new.name = name
            outer_inits[name] = new
            by_content[key] = name
            rename[init.name] = name
        return rename

    def branch(model, prefix: str, extra_identity: list[tuple[str, str]]):
        g = model.graph
        outer_inputs = {i.name for i in g.input}
        rename = take_initializers(g, prefix)

        def rn(name: str) -> str:
            if name == "" or name in outer_inputs:
                return name
            if name in rename:
                return rename[name]
            return prefix + name

        # Large Constant nodes (the sinusoidal position table) become shared outer initializers too.
        kept = []
        for node in g.node:
            if node.op_type == "Constant" and len(node.attribute) == 1 and node.attribute[0].name == "value":
                t = node.attribute[0].t
                if int(np.prod(t.dims)) > 256:
                    arr = numpy_helper.to_array(t)
                    key = (t.data_type, tuple(t.dims), hashlib.sha256(arr.tobytes()).hexdigest())
                    if key not in by_content:
                        name = prefix + node.output[0]
                        outer_inits[name] = numpy_helper.from_array(arr, name)
                        by_content[key] = name
                    rename[node.output[0]] = by_content[key]
                    continue
            kept.append(node)

        nodes = []
        for node in kept:
            assert not any(a.type in (onnx.AttributeProto.GRAPH, onnx.AttributeProto.GRAPHS) for a in node.attribute)
            n = copy.deepcopy(node)
            n.name = prefix + (node.name or node.op_type)
            del n.input[:]
            n.input.extend(rn(x) for x in node.input)
            del n.output[:]
            n.output.extend(rn(x) for x in node.output)
            nodes.append(n)
        outputs = {o.name: o for o in g.output}
        for src, out in extra_identity:
            nodes.append(helper.make_node("Identity", [src], [prefix + out], name=prefix + "passthrough/" + out))
        ordered = []
        for name in ["logits"] + present_names:
            if name in outputs:
                vi = copy.deepcopy(outputs[name])
                vi.name = rn(name)
            else:
                vi = helper.make_tensor_value_info(prefix + name, TensorProto.FLOAT, None)
            ordered.append(vi)
        value_info = []
        for vi in g.value_info:
            v = copy.deepcopy(vi)
            v.name = rn(vi.name)
            value_info.append(v)
        return helper.make_graph(nodes, prefix.rstrip("/"), [], ordered, value_info=value_info)

    passthrough = [(p, p.replace("past_key_values", "present")) for p in past_names if ".encoder." in p]
    else_branch = branch(no_past, "no_past/", [])
    then_branch = branch(with_past, "with_past/", passthrough)

    def cache_info(name: str, seq: str):
        return helper.make_tensor_value_info(name, TensorProto.FLOAT, ["batch_size", heads, seq, head_dim])

    inputs = [
        helper.make_tensor_value_info("encoder_attention_mask", TensorProto.INT64, ["batch_size", "encoder_sequence_length"]),
        helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch_size", "decoder_sequence_length"]),
        helper.make_tensor_value_info(
            "encoder_hidden_states", TensorProto.FLOAT, ["batch_size", "encoder_sequence_length", dims.d_model]
        ),
    ]
    for n in past_names:
        inputs.append(cache_info(n, "past_decoder_sequence_length" if ".decoder." in n else "encoder_sequence_length_out"))
    inputs.append(helper.make_tensor_value_info("use_cache_branch", TensorProto.BOOL, [1]))
    outputs = [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch_size", "decoder_sequence_length", dims.vocab_size])]
    for n in present_names:
        outputs.append(cache_info(n, "present_decoder_sequence_length" if ".decoder." in n else "encoder_sequence_length_out"))
    node = helper.make_node(
        "If",
        ["use_cache_branch"],
        ["logits"] + present_names,
        name="optimum::if",
        then_branch=then_branch,
        else_branch=else_branch,
    )
    graph = helper.make_graph([node], "decoder_model_merged", inputs, outputs, initializer=list(outer_inits.values()))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="mtp-test-models")
    model.ir_version = no_past.ir_version
    return model


def onnx_io_summary(path: str) -> dict:
    import onnx

    m = onnx.load(path, load_external_data=False)
    elem = {v: k for k, v in onnx.TensorProto.DataType.items()}

    def shape(vi):
        return [d.dim_param if d.dim_param else d.dim_value for d in vi.type.tensor_type.shape.dim]

    def info(vi):
        return {"name": vi.name, "dtype": elem[vi.type.tensor_type.elem_type].lower(), "shape": shape(vi)}

    return {"inputs": [info(i) for i in m.graph.input], "outputs": [info(o) for o in m.graph.output]}


# ----------------------------------------------------------------------------------------------
# Tokenizer files (OPUS-MT / Xenova layout)
# ----------------------------------------------------------------------------------------------

EOS, UNK, PAD = "</s>", "<unk>", "<pad>"


def spm_pieces(sp) -> list[tuple[str, float, bool]]:
    """(piece, score, is_special) for every piece of a SentencePieceProcessor."""
    return [(sp.id_to_piece(i), sp.get_score(i), sp.is_control(i) or sp.is_unknown(i)) for i in range(sp.get_piece_size())]


def build_shared_vocab(src_sp, tgt_sp, extra_pieces=()) -> dict[str, int]:
    """Marian's shared vocabulary: </s> 0, <unk> 1, source pieces, then target-only pieces, <pad> last."""
    vocab = {EOS: 0, UNK: 1}
    for sp in (src_sp, tgt_sp):
        for piece, _, special in spm_pieces(sp):
            if not special and piece not in vocab:
                vocab[piece] = len(vocab)
    for piece in extra_pieces:
        if piece not in vocab:
            vocab[piece] = len(vocab)
    vocab[PAD] = len(vocab)
    return vocab


def spm_precompiled_charsmap(spm_bytes: bytes) -> str:
    from sentencepiece import sentencepiece_model_pb2 as pb

    m = pb.ModelProto()
    m.ParseFromString(spm_bytes)
    return base64.b64encode(m.normalizer_spec.precompiled_charsmap).decode("ascii")


def tokenizer_json(vocab: dict[str, int], src_sp, tgt_sp, src_spm_bytes: bytes) -> dict:
    """tokenizer.json as the Xenova OPUS-MT exports have it (transformers.js scripts/extra/marian.py).

    Differences on purpose: unk_id is <unk>'s real id (1), and a piece's score is the source
    SentencePiece model's when it has the piece (so the Unigram model segments source text exactly
    as source.spm does), else the target model's; pieces in neither get -100.
    """
    src_scores = {p: s for p, s, special in spm_pieces(src_sp) if not special}
    tgt_scores = {p: s for p, s, special in spm_pieces(tgt_sp) if not special}
    specials = [EOS, UNK, PAD]
    model_vocab = []
    for piece, _ in sorted(vocab.items(), key=lambda kv: kv[1]):
        score = 0.0 if piece in specials else src_scores.get(piece, tgt_scores.get(piece, -100.0))
        model_vocab.append([piece, float(score)])
    metaspace = {"type": "Metaspace", "replacement": "\u2581", "add_prefix_space": True, "prepend_scheme": "always", "split": True}
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [
            {
                "id": vocab[t],
                "content": t,
                "single_word": False,
                "lstrip": False,
                "rstrip": False,
                "normalized": False,
                "special": True,
            }
            for t in specials
        ],
        "normalizer": {"type": "Precompiled", "precompiled_charsmap": spm_precompiled_charsmap(src_spm_bytes)},
        "pre_tokenizer": {"type": "Sequence", "pretokenizers": [{"type": "WhitespaceSplit"}, metaspace]},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [{"Sequence": {"id": "A", "type_id": 0}}, {"SpecialToken": {"id": EOS, "type_id": 0}}],
            "pair": [
                {"Sequence": {"id": "A", "type_id": 0}},
                {"SpecialToken": {"id": EOS, "type_id": 0}},
                {"Sequence": {"id": "B", "type_id": 0}},
                {"SpecialToken": {"id": EOS, "type_id": 0}},
            ],
            "special_tokens": {EOS: {"id": EOS, "ids": [vocab[EOS]], "tokens": [EOS]}},
        },
        "decoder": dict(metaspace),
        "model": {"type": "Unigram", "unk_id": vocab[UNK], "vocab": model_vocab, "byte_fallback": False},
    }


def unigram_viterbi(text: str, pieces: dict[str, tuple[int, float]], unk_id: int) -> list[int]:
    """The tokenizer.json Unigram segmentation (WhitespaceSplit + Metaspace + Viterbi), for self-checks."""
    ids = []
    for word in text.split():
        w = "\u2581" + word
        n = len(w)
        best = [(-math.inf, -1, -1)] * (n + 1)  # (score, start, id)
        best[0] = (0.0, -1, -1)
        maxlen = max(len(p) for p in pieces)
        for end in range(1, n + 1):
            for start in range(max(0, end - maxlen), end):
                if best[start][0] == -math.inf:
                    continue
                hit = pieces.get(w[start:end])
                if hit is not None:
                    s = best[start][0] + hit[1]
                    if s > best[end][0]:
                        best[end] = (s, start, hit[0])
            if best[end][0] == -math.inf and best[end - 1][0] != -math.inf:
                best[end] = (best[end - 1][0] - 100.0, end - 1, unk_id)
        out, pos = [], n
        while pos > 0:
            _, start, tid = best[pos]
            out.append(tid)
            pos = start
        ids.extend(reversed(out))
    return ids


# ----------------------------------------------------------------------------------------------
# Config files, checksums
# ----------------------------------------------------------------------------------------------


def config_json(dims: MarianDims, num_beams: int = 4, max_length: int = 512) -> dict:
    pad, eos = dims.pad_token_id, dims.eos_token_id
    return {
        "activation_dropout": 0.0,
        "activation_function": "swish",
        "add_bias_logits": False,
        "add_final_layer_norm": False,
        "architectures": ["MarianMTModel"],
        "attention_dropout": 0.0,
        "bad_words_ids": [[pad]],
        "bos_token_id": 0,
        "classif_dropout": 0.0,
        "classifier_dropout": 0.0,
        "d_model": dims.d_model,
        "decoder_attention_heads": dims.decoder_attention_heads,
        "decoder_ffn_dim": dims.decoder_ffn_dim,
        "decoder_layerdrop": 0.0,
        "decoder_layers": dims.decoder_layers,
        "decoder_start_token_id": pad,
        "decoder_vocab_size": dims.vocab_size,
        "dropout": dims.dropout,
        "encoder_attention_heads": dims.encoder_attention_heads,
        "encoder_ffn_dim": dims.encoder_ffn_dim,
        "encoder_layerdrop": 0.0,
        "encoder_layers": dims.encoder_layers,
        "eos_token_id": eos,
        "forced_eos_token_id": eos,
        "init_std": 0.02,
        "is_encoder_decoder": True,
        "max_length": max_length,
        "max_position_embeddings": dims.max_position_embeddings,
        "model_type": "marian",
        "normalize_before": False,
        "normalize_embedding": False,
        "num_beams": num_beams,
        "num_hidden_layers": dims.encoder_layers,
        "pad_token_id": pad,
        "scale_embedding": True,
        "share_encoder_decoder_embeddings": True,
        "static_position_embeddings": True,
        "tie_word_embeddings": True,
        "use_cache": True,
        "vocab_size": dims.vocab_size,
    }


def generation_config_json(dims: MarianDims, num_beams: int = 4, max_length: int = 512) -> dict:
    pad, eos = dims.pad_token_id, dims.eos_token_id
    return {
        "bad_words_ids": [[pad]],
        "bos_token_id": 0,
        "decoder_start_token_id": pad,
        "eos_token_id": eos,
        "forced_eos_token_id": eos,
        "max_length": max_length,
        "num_beams": num_beams,
        "pad_token_id": pad,
        "renormalize_logits": True,
    }


def tokenizer_config_json(source_lang: str, target_lang: str, model_max_length: int = 512) -> dict:
    return {
        "eos_token": EOS,
        "model_max_length": model_max_length,
        "pad_token": PAD,
        "separate_vocabs": False,
        "source_lang": source_lang,
        "sp_model_kwargs": {},
        "target_lang": target_lang,
        "tokenizer_class": "MarianTokenizer",
        "unk_token": UNK,
    }


def write_json(path: str, obj, compact: bool = False):
    with open(path, "w", encoding="utf-8") as f:
        if compact:
            json.dump(obj, f, ensure_ascii=False, separators=(",", ":"))
        else:
            json.dump(obj, f, ensure_ascii=False, indent=2)
        f.write("\n")


def write_checksums(folder: str) -> str:
    """checksums.sha256 over every other file in the folder, relative paths, `sha256sum` format."""
    rows = []
    for root, _, files in os.walk(folder):
        for name in files:
            full = os.path.join(root, name)
            rel = os.path.relpath(full, folder).replace(os.sep, "/")
            if rel == "checksums.sha256":
                continue
            h = hashlib.sha256()
            with open(full, "rb") as f:
                for chunk in iter(lambda: f.read(1 << 20), b""):
                    h.update(chunk)
            rows.append((rel, h.hexdigest()))
    rows.sort()
    path = os.path.join(folder, "checksums.sha256")
    with open(path, "w", encoding="utf-8") as f:
        for rel, digest in rows:
            f.write(f"{digest}  {rel}\n")
    return path


def repo_root() -> str:
    return os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def prettier(paths: list[str]) -> bool:
    """Formats JSON/Markdown with the repo's Prettier (its lint runs `prettier --check .`)."""
    exe = os.path.join(repo_root(), "node_modules", ".bin", "prettier")
    if not os.path.exists(exe) or not paths:
        print("  (prettier not found: JSON/Markdown left unformatted; `npm run lint` may flag them)")
        return False
    subprocess.run([exe, "--log-level", "warn", "--write", *paths], check=True, cwd=repo_root())
    return True


def copy_file(src: str, dst: str):
    shutil.copyfile(src, dst)


def folder_size(folder: str) -> int:
    return sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(folder) for f in fs)
