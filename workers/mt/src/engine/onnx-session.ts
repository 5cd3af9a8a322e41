/**
 * Creates onnxruntime sessions on the best provider this installation has. CUDA is tried only
 * when onnxruntime-node lists it *and* its provider library is on disk (npm's package lists
 * CUDA but ships the library only through an install-time download, which offline installs
 * skip), and a CUDA failure falls back to CPU with the reason kept for `info()`.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ort from 'onnxruntime-node';
import type { ProviderSetting } from '../settings';

export type Provider = 'cpu' | 'cuda';

export type SessionOptions = {
  provider?: ProviderSetting;
  /** onnxruntime intra-op threads (CPU); undefined lets onnxruntime pick. */
  threads?: number;
  /** Let idle pool threads spin-wait for the next operator (onnxruntime's default); off unless asked. */
  spin?: boolean;
};

export type ProviderChoice = { provider: Provider; reason: string };

const CUDA_LIBRARY = 'libonnxruntime_providers_cuda.so';

function cudaLibraryPresent(): boolean {
  const require = createRequire(import.meta.url);
  const bindingDir = path.join(path.dirname(require.resolve('onnxruntime-node')), '..', 'bin', 'napi-v6', process.platform, process.arch);
  return existsSync(path.join(bindingDir, CUDA_LIBRARY));
}

/** Which provider to try first, before any session exists. */
export function chooseProvider(setting: ProviderSetting = 'auto'): ProviderChoice {
  if (setting === 'cpu') return { provider: 'cpu', reason: 'MT_PROVIDER=cpu' };
  const cuda = ort.listSupportedBackends().find((b) => b.name === 'cuda');
  if (!cuda) {
    if (setting === 'cuda') throw new Error('MT_PROVIDER=cuda, but this onnxruntime-node build has no CUDA provider');
    return { provider: 'cpu', reason: 'onnxruntime-node lists no CUDA provider' };
  }
  if (!cuda.bundled && !cudaLibraryPresent() && setting === 'auto') {
    return { provider: 'cpu', reason: `CUDA provider listed but ${CUDA_LIBRARY} is not installed` };
  }
  return { provider: 'cuda', reason: 'onnxruntime-node lists the CUDA provider' };
}

function sessionOptions(provider: Provider, options: SessionOptions): ort.InferenceSession.SessionOptions {
  const spinning = options.spin ? '1' : '0';
  return {
    executionProviders: provider === 'cuda' ? ['cuda', 'cpu'] : ['cpu'],
    graphOptimizationLevel: 'all',
    ...(options.threads ? { intraOpNumThreads: options.threads, interOpNumThreads: 1 } : {}),
    // Spinning pool threads keep a core busy between operators: in a process that also serves
    // HTTP and talks to PostgreSQL on the same cores, that time is taken from them. On 2 cores the
    // 100-page document benchmark was a few percent faster without spinning (medians 1.53-1.55 s
    // against 1.58-1.68 s) and the engine alone no slower (1.04-1.11 s against 0.94-1.08 s).
    extra: { session: { intra_op: { allow_spinning: spinning }, inter_op: { allow_spinning: spinning } } },
    // Warnings about the exporter's opset or unused initializers are noise in a worker's log.
    logSeverityLevel: 3,
  };
}

/**
 * Opens the given model files as sessions on one provider: all on CUDA or all on CPU, so the
 * encoder and decoder never hand tensors across devices.
 */
export async function createSessions(
  files: string[],
  options: SessionOptions = {},
): Promise<{ sessions: ort.InferenceSession[]; choice: ProviderChoice }> {
  const choice = chooseProvider(options.provider);
  if (choice.provider === 'cuda') {
    try {
      const sessions = await Promise.all(files.map((f) => ort.InferenceSession.create(f, sessionOptions('cuda', options))));
      return { sessions, choice };
    } catch (err) {
      if (options.provider === 'cuda') throw new Error(`MT_PROVIDER=cuda, but CUDA failed: ${(err as Error).message}`, { cause: err });
      const reason = `CUDA failed, using CPU: ${(err as Error).message}`;
      const sessions = await Promise.all(files.map((f) => ort.InferenceSession.create(f, sessionOptions('cpu', options))));
      return { sessions, choice: { provider: 'cpu', reason } };
    }
  }
  const sessions = await Promise.all(files.map((f) => ort.InferenceSession.create(f, sessionOptions('cpu', options))));
  return { sessions, choice };
}
