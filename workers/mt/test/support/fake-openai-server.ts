/**
 * fake-openai-server: a stand-in for a third-party OpenAI-compatible chat-completions server
 * (vLLM, Ollama, llama.cpp server), which tests cannot reach or run. On 127.0.0.1 and a free
 * port it serves `POST /v1/chat/completions` only, records every request (path, headers, parsed
 * body), and "translates" deterministically: the user message looked up in a dictionary, else
 * echoed as `<echoPrefix><text>`. It can be told to fail with a status, to answer a raw body,
 * or to delay its answers (past a client's timeout).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    temperature?: number;
    max_tokens?: number;
    stream?: boolean;
  };
};

export type FakeBehaviour = {
  /** Answer this status (and `failBody`) instead of a translation. */
  failStatus?: number;
  failBody?: string;
  /** Answer this body verbatim with status 200 (an answer a client must reject). */
  rawAnswer?: string;
  /** Wait this long before answering (the client may give up first). */
  delayMs?: number;
};

export type FakeOpenAiServerOptions = FakeBehaviour & {
  /** user text -> the model's answer */
  dictionary?: Record<string, string>;
  /** Prefix of echoed texts not in the dictionary. Default `[zh] `. */
  echoPrefix?: string;
};

export type FakeOpenAiServer = {
  /** `http://127.0.0.1:<port>` (no `/v1`). */
  url: string;
  requests: RecordedRequest[];
  /** The most requests that were being answered at one time. */
  maxInFlight: number;
  /** Replace the failure/delay behaviour for the next requests. */
  behave(behaviour: FakeBehaviour): void;
  close(): Promise<void>;
};

export async function startFakeOpenAiServer(options: FakeOpenAiServerOptions = {}): Promise<FakeOpenAiServer> {
  const dictionary = options.dictionary ?? {};
  const echoPrefix = options.echoPrefix ?? '[zh] ';
  let behaviour: FakeBehaviour = { ...options };
  let inFlight = 0;
  const timers = new Set<NodeJS.Timeout>();

  const fake: FakeOpenAiServer = {
    url: '',
    requests: [],
    maxInFlight: 0,
    behave(b) {
      behaviour = { ...b };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: RecordedRequest['body'] = {};
      try {
        body = JSON.parse(text) as RecordedRequest['body'];
      } catch {
        // recorded as {}; answered below like any request
      }
      fake.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      inFlight++;
      fake.maxInFlight = Math.max(fake.maxInFlight, inFlight);
      const b = behaviour;

      const answer = () => {
        inFlight--;
        if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
          return void res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not found' }));
        }
        if (b.failStatus !== undefined) {
          return void res.writeHead(b.failStatus, { 'content-type': 'text/plain' }).end(b.failBody ?? 'fake failure');
        }
        if (b.rawAnswer !== undefined) return void res.writeHead(200, { 'content-type': 'application/json' }).end(b.rawAnswer);
        const user = body.messages?.filter((m) => m.role === 'user').at(-1)?.content ?? '';
        const content = dictionary[user] ?? `${echoPrefix}${user}`;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: `chatcmpl-fake-${fake.requests.length}`,
            object: 'chat.completion',
            model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
          }),
        );
      };
      if (!b.delayMs) return answer();
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer();
      }, b.delayMs);
      timers.add(timer);
      res.on('close', () => {
        // the client gave up: stop counting it
        if (timers.delete(timer)) {
          clearTimeout(timer);
          inFlight--;
        }
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
