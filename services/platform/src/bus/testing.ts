/**
 * Test support: one real NATS server with JetStream per test run (vitest global setup), or
 * NATS_TEST_URL for an existing one. The server is Debian's `nats-server`, installed with apt
 * when missing and we are root (fresh CI machines), on a random loopback port, storing in a
 * temporary folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { findNatsServer } from './nats-server-binary';
import path from 'node:path';
import type {} from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the run's NATS server (JetStream enabled), provided by the global setup. */
    natsUrl: string;
  }
}

export type TestNatsServer = {
  url: string;
  stop: () => Promise<void>;
  /** Fault tests: stops the server (SIGTERM or SIGKILL) and keeps its JetStream store. */
  halt: (signal?: 'SIGTERM' | 'SIGKILL') => Promise<void>;
  /** Fault tests: starts it again on the same port and store, after `halt`. */
  resume: () => Promise<void>;
};

/** Why 15 s: the server starts in tens of milliseconds; this only bounds a broken start. */
const START_TIMEOUT_MS = 15_000;

function installNatsServer(): string {
  if (process.getuid?.() !== 0) {
    throw new Error('nats-server is not installed: run `apt-get install nats-server` or set NATS_TEST_URL');
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let r = spawnSync('apt-get', ['install', '-y', '-q', 'nats-server'], { stdio: 'inherit', env });
  if (r.status !== 0) {
    spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
    r = spawnSync('apt-get', ['install', '-y', '-q', 'nats-server'], { stdio: 'inherit', env });
  }
  const bin = findNatsServer();
  if (r.status !== 0 || !bin) throw new Error('apt-get install nats-server failed; set NATS_TEST_URL to use a running server');
  return bin;
}

export async function startTestNatsServer(): Promise<TestNatsServer> {
  const external = process.env.NATS_TEST_URL;
  const unsupported = async () => {
    throw new Error('NATS_TEST_URL: an external server cannot be halted by a test');
  };
  if (external) return { url: external, stop: async () => {}, halt: unsupported, resume: unsupported };
  const bin = findNatsServer() ?? installNatsServer();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mtp-test-nats-'));
  // -p -1 at first: the server picks a free port and logs it, so parallel runs never collide;
  // a resumed server takes the same port again, so clients reconnect to the URL they know.
  const launch = (port: number) =>
    spawn(bin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let child = launch(-1);
  try {
    const port = await waitForPort(child);
    return {
      url: `nats://127.0.0.1:${port}`,
      stop: async () => {
        await stopChild(child);
        await rm(dir, { recursive: true, force: true });
      },
      halt: (signal = 'SIGTERM') => stopChild(child, signal),
      resume: async () => {
        child = launch(port);
        await waitForPort(child);
      },
    };
  } catch (err) {
    await stopChild(child);
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

function waitForPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let log = '';
    let port: number | undefined;
    const timer = setTimeout(() => reject(new Error(`nats-server did not start:\n${log}`)), START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      port ??= Number(/Listening for client connections on [^\s]+:(\d+)/.exec(log)?.[1]) || undefined;
      if (port && /Server is ready/.test(log)) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        // Keep draining the pipes so a chatty server never blocks on a full one.
        child.stdout?.resume();
        child.stderr?.resume();
        resolve(port);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`nats-server exited with ${code}:\n${log}`));
    });
  });
}

async function stopChild(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
