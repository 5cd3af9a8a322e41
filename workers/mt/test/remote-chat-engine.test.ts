/**
 * RemoteChatEngine against fake-openai-server (a local stand-in for a third-party
 * OpenAI-compatible endpoint: vLLM, Ollama, llama.cpp server): requests, prompts, glossary
 * selection, answer clean-up, concurrency, failures; and the MT_REMOTE_* settings.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { PairUnavailableError } from '../src/errors';
import { buildMessages, cleanTranslation, MAX_PROMPT_TERMS, selectTerms, termOccurs } from '../src/remote/prompt';
import { RemoteChatEngine, RemoteEngineError } from '../src/remote/remote-chat-engine';
import { loadRemoteSettings, type RemoteSettings } from '../src/remote/remote-settings';
import { startFakeOpenAiServer, type FakeOpenAiServer, type FakeOpenAiServerOptions } from './support/fake-openai-server';

const servers: FakeOpenAiServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function fake(options: FakeOpenAiServerOptions = {}): Promise<FakeOpenAiServer> {
  const s = await startFakeOpenAiServer(options);
  servers.push(s);
  return s;
}

function engineFor(server: FakeOpenAiServer, env: Record<string, string> = {}): RemoteChatEngine {
  const settings = loadRemoteSettings({
    MT_REMOTE_URL: server.url,
    MT_REMOTE_MODEL: 'qwen2.5:7b-instruct',
    MT_REMOTE_KEY: 'sk-test-123',
    ...env,
  });
  return new RemoteChatEngine(settings!);
}

const systemOf = (s: FakeOpenAiServer, i = 0) => s.requests[i]!.body.messages!.find((m) => m.role === 'system')!.content;
const userOf = (s: FakeOpenAiServer, i = 0) => s.requests[i]!.body.messages!.find((m) => m.role === 'user')!.content;

describe('RemoteChatEngine', () => {
  it('translates several texts with one request each and answers them in order', async () => {
    const server = await fake({ dictionary: { 'Hello world.': '你好，世界。', 'Good morning.': '早上好。' } });
    const engine = engineFor(server);
    const out = await engine.translate(['Hello world.', 'Unknown text', 'Good morning.'], { src: 'en-us', tgt: 'zh-cn' });
    expect(out).toEqual(['你好，世界。', '[zh] Unknown text', '早上好。']);
    expect(server.requests).toHaveLength(3);
    expect(server.requests.map((_, i) => userOf(server, i)).sort()).toEqual(['Good morning.', 'Hello world.', 'Unknown text']);
    expect(engine.usage).toEqual({ requests: 3, promptTokens: 30, completionTokens: 15 });
  });

  it('sends the model, the bearer key, temperature 0, stream false and a system prompt naming both languages', async () => {
    const server = await fake();
    const engine = engineFor(server);
    await engine.translate(['Привет'], { src: 'ru', tgt: 'ja' });
    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test-123');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toMatchObject({ model: 'qwen2.5:7b-instruct', temperature: 0, stream: false });
    expect(req.body.messages!.map((m) => m.role)).toEqual(['system', 'user']);
    expect(systemOf(server)).toContain('from Russian to Japanese');
    expect(systemOf(server)).toMatch(/Output only the Japanese translation/);
    expect(systemOf(server)).toMatch(/line breaks/);
    expect(systemOf(server)).toMatch(/placeholders/);
    expect(userOf(server)).toBe('Привет');
  });

  it('sends no Authorization header without a key, and accepts a base URL ending in /v1/', async () => {
    const server = await fake();
    const settings = loadRemoteSettings({ MT_REMOTE_URL: `${server.url}/v1/`, MT_REMOTE_MODEL: 'llama3' })!;
    const engine = new RemoteChatEngine(settings);
    expect(await engine.translate(['x'], { src: 'en-us', tgt: 'zh-cn' })).toEqual(['[zh] x']);
    expect(server.requests[0]!.path).toBe('/v1/chat/completions');
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('names itself remote:<host>/<model> and versions as remote:<model>', async () => {
    const server = await fake();
    const engine = engineFor(server);
    const port = new URL(server.url).port;
    expect(engine.engineName).toBe(`remote:127.0.0.1:${port}/qwen2.5:7b-instruct`);
    expect(engine.modelVersion).toBe('remote:qwen2.5:7b-instruct');
  });

  it('lists the glossary entries that occur in the text in the prompt, and no others', async () => {
    const server = await fake();
    const engine = engineFor(server);
    const glossary = [
      { source: 'Machine Translation', target: '机器翻译' },
      { source: 'server', target: '服务器' },
      { source: 'log', target: '日志' },
      { source: 'database', target: '数据库' },
    ];
    await engine.translate(['Our machine translation SERVERS are fast (see the blog).'], { src: 'en-us', tgt: 'zh-cn', glossary });
    const system = systemOf(server);
    expect(system).toContain('Use these term translations exactly');
    expect(system).toContain('- Machine Translation => 机器翻译');
    expect(system).toContain('- server => 服务器');
    expect(system).not.toContain('日志'); // "log" only inside "blog"
    expect(system).not.toContain('数据库');
    expect(userOf(server)).toBe('Our machine translation SERVERS are fast (see the blog).');

    await engine.translate(['No terms here.'], { src: 'en-us', tgt: 'zh-cn', glossary });
    expect(systemOf(server, 1)).not.toContain('Use these term translations');
  });

  it('answers empty and blank texts without a request, keeps outer whitespace, and requests a repeated text once', async () => {
    const server = await fake({ dictionary: { Hi: '嗨' } });
    const engine = engineFor(server);
    expect(await engine.translate(['', '  ', 'Hi', '\n  Hi \n', ''], { src: 'en-us', tgt: 'zh-cn' })).toEqual([
      '',
      '  ',
      '嗨',
      '\n  嗨 \n',
      '',
    ]);
    expect(server.requests).toHaveLength(1);
    expect(await engine.translate([], { src: 'en-us', tgt: 'zh-cn' })).toEqual([]);
  });

  it('strips a wrapping code fence, quotes or think block the model adds, and trims', async () => {
    const server = await fake({
      dictionary: {
        one: '```text\n一\n```',
        two: '"二"',
        three: '<think>The user wants Chinese.</think>\n\n  三  ',
        '"four"': '"四"',
      },
    });
    const engine = engineFor(server);
    expect(await engine.translate(['one', 'two', 'three', '"four"'], { src: 'en-us', tgt: 'zh-cn' })).toEqual(['一', '二', '三', '"四"']);
  });

  it('keeps at most MT_REMOTE_CONCURRENCY requests in flight', async () => {
    const server = await fake({ delayMs: 40 });
    const engine = engineFor(server, { MT_REMOTE_CONCURRENCY: '2' });
    const texts = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(await engine.translate(texts, { src: 'en-us', tgt: 'zh-cn' })).toEqual(texts.map((t) => `[zh] ${t}`));
    expect(server.requests).toHaveLength(6);
    expect(server.maxInFlight).toBe(2);
  });

  it('turns a 500 into an error with the status and the first 200 characters of the body', async () => {
    const server = await fake();
    const engine = engineFor(server);
    server.behave({ failStatus: 500, failBody: `model crashed: ${'x'.repeat(300)}` });
    const err = await engine.translate(['Hello'], { src: 'en-us', tgt: 'zh-cn' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RemoteEngineError);
    expect((err as RemoteEngineError).reason).toBe('http');
    expect((err as RemoteEngineError).status).toBe(500);
    const message = (err as Error).message;
    expect(message).toContain('HTTP 500');
    expect(message).toContain(`model crashed: ${'x'.repeat(200 - 'model crashed: '.length)}…`);
    expect(message).not.toContain('x'.repeat(200));
    expect(message).not.toContain('sk-test-123');
  });

  it('gives up after MT_REMOTE_TIMEOUT_MS with a timeout error, and skips the queued texts', async () => {
    const server = await fake({ delayMs: 5_000 });
    const engine = engineFor(server, { MT_REMOTE_TIMEOUT_MS: '150', MT_REMOTE_CONCURRENCY: '1' });
    const started = Date.now();
    const err = await engine.translate(['slow', 'queued', 'also queued'], { src: 'en-us', tgt: 'zh-cn' }).catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(err).toBeInstanceOf(RemoteEngineError);
    expect((err as RemoteEngineError).reason).toBe('timeout');
    expect((err as Error).message).toMatch(
      /no answer from http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions within 150 ms \(MT_REMOTE_TIMEOUT_MS\)/,
    );
    expect(elapsed).toBeLessThan(2_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.requests).toHaveLength(1);
  });

  it('rejects an answer without choices[0].message.content, or that is not JSON', async () => {
    const server = await fake();
    const engine = engineFor(server);
    server.behave({ rawAnswer: JSON.stringify({ choices: [] }) });
    await expect(engine.translate(['Hello'], { src: 'en-us', tgt: 'zh-cn' })).rejects.toThrow(/no choices\[0\]\.message\.content/);
    server.behave({ rawAnswer: '<html>proxy error</html>' });
    await expect(engine.translate(['Hello'], { src: 'en-us', tgt: 'zh-cn' })).rejects.toThrow(/not JSON: <html>proxy error<\/html>/);
    server.behave({ rawAnswer: JSON.stringify({ choices: [{ message: { content: 'half' }, finish_reason: 'length' }] }) });
    await expect(engine.translate(['Hello'], { src: 'en-us', tgt: 'zh-cn' })).rejects.toThrow(/cut off.*finish_reason "length"/);
  });

  it('reports an unreachable endpoint by its address', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((r) => closed.close(() => r()));
    const engine = new RemoteChatEngine(loadRemoteSettings({ MT_REMOTE_URL: `http://127.0.0.1:${port}`, MT_REMOTE_MODEL: 'm' })!);
    const err = await engine.translate(['Hello'], { src: 'en-us', tgt: 'zh-cn' }).catch((e: unknown) => e);
    expect((err as RemoteEngineError).reason).toBe('network');
    expect((err as Error).message).toContain(`cannot reach http://127.0.0.1:${port}/v1/chat/completions: connect ECONNREFUSED`);
  });

  it('supports() only the configured pairs, and translate() refuses the others without a request', async () => {
    const server = await fake();
    const engine = engineFor(server, { MT_REMOTE_PAIRS: 'zh-cn_en-us, en-us_zh-cn' });
    expect(engine.supports('zh-cn', 'en-us')).toBe(true);
    expect(engine.supports('en-us', 'zh-cn')).toBe(true);
    expect(engine.supports('ja', 'zh-cn')).toBe(false);
    expect(engine.supports('en-us', 'en-us')).toBe(false);
    expect(engine.supports('xx', 'en-us')).toBe(false);
    await expect(engine.translate(['x'], { src: 'ja', tgt: 'zh-cn' })).rejects.toBeInstanceOf(PairUnavailableError);
    expect(server.requests).toHaveLength(0);
    const all = engineFor(server);
    expect(all.supports('ko', 'ru')).toBe(true);
    expect(all.supports('ru', 'ko')).toBe(true);
  });
});

describe('remote prompt', () => {
  it('selects terms case-insensitively, at word starts for Latin and Cyrillic, anywhere for CJK', () => {
    expect(termOccurs('The API Gateway', 'api gateway')).toBe(true);
    expect(termOccurs('our servers', 'server')).toBe(true);
    expect(termOccurs('a blog post', 'log')).toBe(false);
    expect(termOccurs('Сервер работает', 'сервер')).toBe(true);
    expect(termOccurs('我们的机器翻译平台', '机器翻译')).toBe(true);
    expect(termOccurs('機械翻訳のサーバー', 'サーバー')).toBe(true);
    expect(termOccurs('회사는 서울에', '회사')).toBe(true);
    expect(termOccurs('nothing', '')).toBe(false);
  });

  it(`lists at most ${MAX_PROMPT_TERMS} terms, longer sources first, one per source, none with an empty side`, () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ source: `term${String(i).padStart(2, '0')}`, target: `T${i}` }));
    const text = many.map((t) => t.source).join(' ');
    expect(selectTerms(text, many)).toHaveLength(MAX_PROMPT_TERMS);
    const picked = selectTerms('cloud storage and cloud', [
      { source: 'cloud', target: '云' },
      { source: 'Cloud', target: '雲' },
      { source: 'cloud storage', target: '云存储' },
      { source: 'storage', target: '' },
    ]);
    expect(picked).toEqual([
      { source: 'cloud storage', target: '云存储' },
      { source: 'cloud', target: '云' },
    ]);
  });

  it('builds a system message and the text as the user message', () => {
    const messages = buildMessages('第一行\n第二行 {0}', 'zh-cn', 'en-us', [{ source: '第二行', target: 'line two' }]);
    expect(messages).toHaveLength(2);
    expect(messages[0]!.role).toBe('system');
    expect(messages[0]!.content).toContain('from Chinese (Simplified) to English');
    expect(messages[0]!.content).toContain('- 第二行 => line two');
    expect(messages[1]).toEqual({ role: 'user', content: '第一行\n第二行 {0}' });
  });

  it('cleans answers but leaves quotes the source had, and inner quotes', () => {
    expect(cleanTranslation('```\nline 1\nline 2\n```', 'x')).toBe('line 1\nline 2');
    expect(cleanTranslation('“你好”', 'hello')).toBe('你好');
    expect(cleanTranslation('「こんにちは」', '“hello”')).toBe('「こんにちは」');
    expect(cleanTranslation('"A" and "B"', 'A and B')).toBe('"A" and "B"');
    expect(cleanTranslation('  plain \n', 'x')).toBe('plain');
  });
});

describe('loadRemoteSettings', () => {
  it('is null without MT_REMOTE_URL', () => {
    expect(loadRemoteSettings({})).toBeNull();
    expect(loadRemoteSettings({ MT_REMOTE_URL: '', MT_REMOTE_MODEL: 'm' })).toBeNull();
  });

  it('reads the URL, model, key, pairs, timeout and concurrency, with defaults', () => {
    const s = loadRemoteSettings({ MT_REMOTE_URL: 'http://127.0.0.1:11434', MT_REMOTE_MODEL: 'qwen2.5:7b' }) as RemoteSettings;
    expect(s).toMatchObject({ baseUrl: 'http://127.0.0.1:11434', model: 'qwen2.5:7b', timeoutMs: 60_000, concurrency: 4 });
    expect(s.apiKey).toBeUndefined();
    expect(s.pairs).toHaveLength(20);

    const t = loadRemoteSettings({
      MT_REMOTE_URL: 'https://gpu.example.com:8000/v1',
      MT_REMOTE_MODEL: 'Qwen/Qwen2.5-7B-Instruct',
      MT_REMOTE_KEY: 'sk-1',
      MT_REMOTE_PAIRS: 'zh-cn_en-us,EN-US_ja, zh-cn_en-us',
      MT_REMOTE_TIMEOUT_MS: '5000',
      MT_REMOTE_CONCURRENCY: '16',
    })!;
    expect(t).toEqual({
      baseUrl: 'https://gpu.example.com:8000',
      model: 'Qwen/Qwen2.5-7B-Instruct',
      apiKey: 'sk-1',
      pairs: [
        { src: 'zh-cn', tgt: 'en-us' },
        { src: 'en-us', tgt: 'ja' },
      ],
      timeoutMs: 5000,
      concurrency: 16,
    });
  });

  it('takes the URL with or without a trailing /v1 and keeps a path prefix', () => {
    const base = (url: string) => loadRemoteSettings({ MT_REMOTE_URL: url, MT_REMOTE_MODEL: 'm' })!.baseUrl;
    expect(base('http://host:8000')).toBe('http://host:8000');
    expect(base('http://host:8000/')).toBe('http://host:8000');
    expect(base('http://host:8000/v1')).toBe('http://host:8000');
    expect(base('http://host:8000/v1/')).toBe('http://host:8000');
    expect(base('https://proxy.example.com/llm/v1')).toBe('https://proxy.example.com/llm');
  });

  it('expands * to every ordered pair of the five languages', () => {
    const s = loadRemoteSettings({ MT_REMOTE_URL: 'http://h', MT_REMOTE_MODEL: 'm', MT_REMOTE_PAIRS: '*' })!;
    expect(s.pairs).toHaveLength(20);
    expect(s.pairs).toContainEqual({ src: 'ja', tgt: 'ko' });
    expect(s.pairs.some((p) => p.src === p.tgt)).toBe(false);
  });

  it.each([
    [{ MT_REMOTE_URL: 'ftp://host' }, /MT_REMOTE_URL must be an http/],
    [{ MT_REMOTE_URL: 'not a url' }, /MT_REMOTE_URL must be an http/],
    [{ MT_REMOTE_URL: 'http://h?x=1' }, /MT_REMOTE_URL must not carry a query/],
    [{ MT_REMOTE_MODEL: '' }, /MT_REMOTE_MODEL must be set/],
    [{ MT_REMOTE_PAIRS: 'zh-cn_fr' }, /MT_REMOTE_PAIRS .*"zh-cn_fr"/],
    [{ MT_REMOTE_PAIRS: 'en-us_en-us' }, /MT_REMOTE_PAIRS/],
    [{ MT_REMOTE_PAIRS: 'zh-cn_en-us,' }, /MT_REMOTE_PAIRS/],
    [{ MT_REMOTE_PAIRS: '*,ja_ko' }, /MT_REMOTE_PAIRS/],
    [{ MT_REMOTE_TIMEOUT_MS: '0' }, /MT_REMOTE_TIMEOUT_MS must be an integer >= 1, got "0"/],
    [{ MT_REMOTE_TIMEOUT_MS: '1.5' }, /MT_REMOTE_TIMEOUT_MS/],
    [{ MT_REMOTE_CONCURRENCY: 'four' }, /MT_REMOTE_CONCURRENCY must be an integer >= 1, got "four"/],
    [{ MT_REMOTE_CONCURRENCY: '-1' }, /MT_REMOTE_CONCURRENCY/],
  ])('throws naming the variable for %j', (bad, message) => {
    expect(() => loadRemoteSettings({ MT_REMOTE_URL: 'http://127.0.0.1:8000', MT_REMOTE_MODEL: 'm', ...bad })).toThrow(message);
  });
});
