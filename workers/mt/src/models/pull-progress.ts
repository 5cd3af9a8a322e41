/**
 * The progress bar of a model pull (cli-progress), shared by `npm run models -- pull` and the
 * first-start pull: one bar per file, restarted when the next file begins. cli-progress draws
 * nothing on a stream that is not a terminal, so logs and tests stay clean.
 */
import cliProgress from 'cli-progress';

export type PullProgress = {
  /** Pass as PullOptions.onProgress. */
  onProgress: (file: string, done: number, total: number) => void;
  /** Ends the current bar; call when the pull ends, whichever way. */
  stop: () => void;
};

export function formatBytes(n: number): string {
  return n >= 1 << 20 ? `${(n / (1 << 20)).toFixed(1)} MB` : `${(n / 1024).toFixed(1)} kB`;
}

/** A bar on `stream` with `label` before the file name (`en-us_zh-cn (1/7) `); none without a stream. */
export function createPullProgress(stream: NodeJS.WritableStream | null | undefined, label = ''): PullProgress {
  if (!stream) return { onProgress: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    { format: '{label}{file} [{bar}] {percentage}% {done}/{size}', stream, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let current = '';
  return {
    onProgress: (file, done, total) => {
      const payload = { label, file, done: formatBytes(done), size: total ? formatBytes(total) : '?' };
      if (file !== current) {
        if (current) bar.stop();
        current = file;
        bar.start(total || done, done, payload);
      } else bar.update(done, payload);
    },
    stop: () => {
      if (current) bar.stop();
      current = '';
    },
  };
}
