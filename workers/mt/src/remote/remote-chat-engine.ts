/**
 * RemoteChatEngine: translation by any OpenAI-compatible chat-completions endpoint (vLLM,
 * Ollama, llama.cpp server, ...). One `POST {baseUrl}/v1/chat/completions` per non-empty text,
 * at most `concurrency` in flight per engine, each under its own timeout (a text repeated
 * within a call is requested once). The first failure of a
 * call fails the call, aborts its other requests and skips its queued ones.
 */
import type { GlossaryEntry, LanguageCode } from '@mtp/proto';
import { PairUnavailableError } from '../errors';
import { isLanguage } from '../models/pairs';
import { buildMessages, cleanTranslation, type ChatMessage } from './prompt';
import type { RemoteSettings } from './remote-settings';

export type RemoteTranslateOptions = { src: string; tgt: string; glossary?: readonly GlossaryEntry[] };

export type RemoteFailure = 'http' | 'timeout' | 'network' | 'invalid-answer';

/** A request to the remote endpoint failed; `reason` says how, `status` is the HTTP status of an `http` failure. */
export class RemoteEngineError extends Error {
  readonly codeName = 'REMOTE_ENGINE_FAILED';
  readonly reason: RemoteFailure;
  readonly status: number | undefined;

  constructor(reason: RemoteFailure, message: string, options?: ErrorOptions & { status?: number }) {
    super(message, options);
    this.name = 'RemoteEngineError';
    this.reason = reason;
    this.status = options?.status;
  }
}

export type RemoteUsage = { requests: number; promptTokens: number; completionTokens: number };

type ChatRequest = { model: string; messages: ChatMessage[]; temperature: number; stream: false };

/** The first `n` characters of an answer body, on one line, for error messages. */
function excerpt(body: string, n = 200): string {
  const s = body.replace(/\s+/g, ' ').trim();
  return s.length > n ? `${s.slice(0, n)}…` : s;
}

/** Waiters for a free slot, shared by every call of one engine. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

export class RemoteChatEngine {
  /** `remote:<model>`: what produced a translation, for caches and task records. */
  readonly modelVersion: string;
  /** `remote:<host>/<model>`: the engine as answers name it (`remote:127.0.0.1:11434/qwen2.5:7b`). */
  readonly engineName: string;
  /** Totals since start, from the answers' `usage` where the server gives it. */
  readonly usage: RemoteUsage = { requests: 0, promptTokens: 0, completionTokens: 0 };

  private readonly endpoint: string;
  private readonly slots: Slots;
  private readonly pairs: ReadonlySet<string>;

  constructor(
    private readonly settings: RemoteSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.endpoint = `${settings.baseUrl}/v1/chat/completions`;
    this.modelVersion = `remote:${settings.model}`;
    this.engineName = `remote:${new URL(settings.baseUrl).host}/${settings.model}`;
    this.slots = new Slots(settings.concurrency);
    this.pairs = new Set(settings.pairs.map((p) => `${p.src}>${p.tgt}`));
  }

  supports(src: string, tgt: string): boolean {
    return this.pairs.has(`${src}>${tgt}`);
  }

  /** One translation per text, in order. Empty (or blank) texts come back as they are, without a request. */
  async translate(texts: readonly string[], opts: RemoteTranslateOptions): Promise<string[]> {
    const { src, tgt } = opts;
    if (!isLanguage(src) || !isLanguage(tgt) || !this.supports(src, tgt)) {
      throw new PairUnavailableError(src, tgt, `the remote engine ${this.engineName} is not configured for it (MT_REMOTE_PAIRS)`);
    }
    const call = new AbortController();
    // A text repeated within a call (a document's recurring segments) is requested once.
    const pending = new Map<string, Promise<string>>();
    const one = async (text: string): Promise<string> => {
      const core = text.trim();
      if (core === '') return text;
      let translation = pending.get(core);
      if (!translation) {
        translation = this.slots.run(async () => (call.signal.aborted ? '' : this.request(core, src, tgt, opts.glossary, call.signal)));
        pending.set(core, translation);
      }
      const translated = await translation;
      // The model sees the text without its outer whitespace; the translation gets it back.
      const lead = /^\s*/.exec(text)![0];
      const trail = /\s*$/.exec(text)![0];
      return `${lead}${translated}${trail}`;
    };
    try {
      return await Promise.all(
        texts.map((text) =>
          one(text).catch((err: unknown) => {
            call.abort();
            throw err;
          }),
        ),
      );
    } finally {
      call.abort();
    }
  }

  private async request(
    text: string,
    src: LanguageCode,
    tgt: LanguageCode,
    glossary: readonly GlossaryEntry[] | undefined,
    callSignal: AbortSignal,
  ): Promise<string> {
    const body: ChatRequest = {
      model: this.settings.model,
      messages: buildMessages(text, src, tgt, glossary),
      temperature: 0,
      stream: false,
    };
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.settings.apiKey) headers.authorization = `Bearer ${this.settings.apiKey}`;

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.settings.timeoutMs);
    const onCallAbort = () => controller.abort();
    callSignal.addEventListener('abort', onCallAbort, { once: true });
    const where = `remote engine ${this.engineName}`;

    let status: number;
    let raw: string;
    try {
      const res = await this.fetchImpl(this.endpoint, { method: 'POST', headers, body: JSON.stringify(body), signal: controller.signal });
      status = res.status;
      raw = await res.text();
    } catch (err) {
      if (timedOut) {
        const message = `${where}: no answer from ${this.endpoint} within ${this.settings.timeoutMs} ms (MT_REMOTE_TIMEOUT_MS)`;
        throw new RemoteEngineError('timeout', message, { cause: err });
      }
      const cause = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
      throw new RemoteEngineError('network', `${where}: cannot reach ${this.endpoint}: ${cause}`, { cause: err });
    } finally {
      clearTimeout(timer);
      callSignal.removeEventListener('abort', onCallAbort);
    }
    this.usage.requests++;

    if (status < 200 || status > 299) {
      throw new RemoteEngineError('http', `${where}: HTTP ${status} from ${this.endpoint}: ${excerpt(raw) || '(empty body)'}`, { status });
    }
    let answer: unknown;
    try {
      answer = JSON.parse(raw);
    } catch (err) {
      throw new RemoteEngineError('invalid-answer', `${where}: the answer is not JSON: ${excerpt(raw) || '(empty body)'}`, { cause: err });
    }
    const choice = (answer as { choices?: { message?: { content?: unknown }; finish_reason?: unknown }[] } | null)?.choices?.[0];
    const content = choice?.message?.content;
    if (typeof content !== 'string') {
      throw new RemoteEngineError('invalid-answer', `${where}: the answer has no choices[0].message.content: ${excerpt(raw)}`);
    }
    if (choice?.finish_reason === 'length') {
      throw new RemoteEngineError(
        'invalid-answer',
        `${where}: the translation was cut off by the server's token limit (finish_reason "length"); raise the model's output limit`,
      );
    }
    const usage = (answer as { usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } }).usage;
    if (typeof usage?.prompt_tokens === 'number') this.usage.promptTokens += usage.prompt_tokens;
    if (typeof usage?.completion_tokens === 'number') this.usage.completionTokens += usage.completion_tokens;
    const translation = cleanTranslation(content, text);
    if (translation === '')
      throw new RemoteEngineError('invalid-answer', `${where}: the answer is empty for a non-empty text: ${excerpt(raw)}`);
    return translation;
  }
}
