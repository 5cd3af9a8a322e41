/**
 * How a process of the platform (the gateway, a worker) ends on SIGINT or SIGTERM: it stops what
 * it runs (handing unfinished work back), then exits 0; a stop that hangs past the deadline exits
 * 1, so an orchestrator never waits on it forever.
 */
export function stopOnSignals(what: string, stop: () => Promise<void>, deadlineMs: number): void {
  const onSignal = async (signal: string) => {
    console.log(`${signal}: stopping ${what}`);
    setTimeout(() => process.exit(1), deadlineMs).unref();
    await stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void onSignal('SIGINT'));
  process.once('SIGTERM', () => void onSignal('SIGTERM'));
}
