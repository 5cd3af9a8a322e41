/**
 * The platform's own processes, started as an operator starts them: the gateway
 * (`gateway/src/main.ts`, what `npm start` runs) and the workers (`workers/<kind>/src/main.ts`,
 * what `npm run worker -- <kind>` runs), each a child of the test that it can SIGKILL. Started
 * with node directly, not through npm, so a kill reaches the process itself.
 */
import { REPO_ROOT } from '@mtp/gateway';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { TINY_MODELS_DIR, waitFor } from './fault-support';

/** `output`: stdout and stderr as they came; `stdout`: stdout alone (the JSON log lines). */
export type Started = { child: ChildProcess; output: () => string; stdout: () => string };

/** Settings every platform process of a test shares (an admin, no model pull, quiet logs). */
export const BASE_ENV = {
  MTP_ADMIN_ACCOUNT: 'admin@example.com',
  MTP_ADMIN_PASSWORD: 'Admin12345',
  MODELS_AUTO_PULL: '0',
  MODELS_DIR: TINY_MODELS_DIR,
  MT_THREADS: '1',
  LOG_LEVEL: 'warn',
};

function startNode(entry: string, env: Record<string, string>, label: string, into: ChildProcess[]): Started {
  const child = spawn(process.execPath, ['--max-semi-space-size=32', '--import', 'tsx', path.join(REPO_ROOT, entry)], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...BASE_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  child.stdout?.on('data', (d) => {
    output += String(d);
    stdout += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
    process.stderr.write(`[${label} ${child.pid}] ${d}`);
  });
  into.push(child);
  return { child, output: () => output, stdout: () => stdout };
}

/** The gateway process; resolves with its API base once it printed its URL. */
export async function startGatewayProcess(env: Record<string, string>, into: ChildProcess[]): Promise<Started & { api: string }> {
  const started = startNode('gateway/src/main.ts', { PORT: '0', HOST: '127.0.0.1', ...env }, 'gateway', into);
  const url = await waitFor(
    'the gateway to print its URL',
    () => {
      if (started.child.exitCode !== null) throw new Error(`the gateway exited: ${started.output()}`);
      // Plain or JSON lines (LOG_FORMAT=json): the URL ends at a space or the closing quote.
      return /running at (http:\/\/[^\s"]+)/.exec(started.output())?.[1];
    },
    120_000,
  );
  return { ...started, api: `${url}/api/v1.0` };
}

/** A worker process (`mt` or `doc`); resolves with its device id once it says it is ready. */
export async function startWorkerProcess(
  kind: 'mt' | 'doc',
  env: Record<string, string>,
  into: ChildProcess[],
): Promise<Started & { deviceId: string }> {
  const started = startNode(`workers/${kind}/src/main.ts`, env, `${kind} worker`, into);
  const deviceId = await waitFor(
    `the ${kind} worker to be ready`,
    () => {
      if (started.child.exitCode !== null) throw new Error(`the ${kind} worker exited: ${started.output()}`);
      return new RegExp(`${kind} worker ready: ([^\\s"]+)`).exec(started.output())?.[1];
    },
    120_000,
  );
  return { ...started, deviceId };
}

export function killAll(children: ChildProcess[]): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
