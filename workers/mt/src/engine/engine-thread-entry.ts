/**
 * The worker-thread side of `ThreadedEngine`: loads one MarianEngine and answers translate
 * requests from its parent. onnxruntime-node runs a session synchronously on the calling thread,
 * so the engine lives here and the parent's event loop (HTTP, bus, database) stays free.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { MarianEngine, type EngineOptions, type TranslateOptions } from './marian-engine';
import type { ThreadReply, ThreadRequest } from './engine-thread-protocol';
import { serializeError } from './engine-thread-protocol';

const port = parentPort!;
const { dir, options } = workerData as { dir: string; options: EngineOptions };

try {
  const engine = await MarianEngine.load(dir, options);
  port.on('message', (request: ThreadRequest) => {
    if (request.type === 'dispose') {
      void engine.dispose().finally(() => port.close());
      return;
    }
    void translate(engine, request.id, request.texts, request.options);
  });
  port.postMessage({ type: 'ready', info: engine.info() } satisfies ThreadReply);
} catch (err) {
  port.postMessage({ type: 'load-failed', error: serializeError(err) } satisfies ThreadReply);
}

async function translate(engine: MarianEngine, id: number, texts: string[], options: TranslateOptions): Promise<void> {
  try {
    const translations = await engine.translate(texts, options);
    port.postMessage({ type: 'translated', id, translations } satisfies ThreadReply);
  } catch (err) {
    port.postMessage({ type: 'failed', id, error: serializeError(err) } satisfies ThreadReply);
  }
}
