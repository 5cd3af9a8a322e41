/**
 * How a process of the platform (the gateway, a worker) ends on SIGINT or SIGTERM: it stops what
 * it runs (handing unfinished work back), then exits 0; a stop that hangs past the deadline exits
 * 1, so an orchestrator never waits on it forever.
 */
import { takeOverStopSignals } from './embedded-postgres';

export function stopOnSignals(
  what: string,
  stop: () => Promise<void>,
  deadlineMs: number,
  // A JSON-logging process passes its logger, so this line is JSON like every other one.
  log: (line: string) => void = (line) => console.log(line),
): void {
  takeOverStopSignals();
  // One stop: a Ctrl-C reaches a cluster's gateways directly (same process group) and their
  // launcher then sends SIGTERM too; a second stop running beside the first would close twice.
  let stopping = false;
  const onSignal = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping ${what}`);
    setTimeout(() => process.exit(1), deadlineMs).unref();
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void onSignal('SIGINT'));
  process.on('SIGTERM', () => void onSignal('SIGTERM'));
}
