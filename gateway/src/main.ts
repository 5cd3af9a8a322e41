/**
 * The single-machine entry point: starts everything on embedded defaults and prints the URL
 * and the first administrator's login. On a first start with an empty MODELS_DIR, the default
 * models are pulled before the in-process MT worker loads the folder.
 */
import { ensureDefaultModels, loadModelHubSettings } from '@mtp/mt-worker';
import { announcer, CLOSE_DEADLINE_MS, createLogger, lineLogger, loadLogSettings, stopOnSignals } from '@mtp/platform';
import cluster from 'node:cluster';
import { loadConfig, type Config } from './config';
import { startPlatform, type Platform } from './platform';

function modelsLines(pairs: string[] | undefined, modelsDir: string, instructions: string[]): string[] {
  if (pairs === undefined) return ['  Translation: workers connect over NATS_URL'];
  if (pairs.length > 0) return [`  Translation models: ${pairs.join(', ')}`];
  if (instructions.length > 0) return [`  No translation models in ${modelsDir}. To add them:`, ...instructions.map((l) => `    ${l}`)];
  return [`  No translation models in ${modelsDir}: run \`npm run models -- pull en-us_zh-cn\` or copy a model folder there`];
}

async function main() {
  const config = loadConfig();
  // LOG_FORMAT=json (a cluster's collectors): every stdout line is one JSON object, the start
  // lines included. Default: human lines, and the start lines as they always were.
  const logSettings = loadLogSettings(process.env, { format: 'pretty', level: { json: 'info', pretty: 'warn' } });
  const logger = createLogger({ name: 'gateway', ...logSettings });
  const json = logSettings.format === 'json';
  const log = json ? lineLogger(logger) : (line: string) => console.log(line);
  // What scripts and people wait for (the URL, the ready line), whatever LOG_LEVEL says.
  const print = json
    ? (text: string) => text.split('\n').forEach((l) => l.trim() && announcer(logger).info(l.trim()))
    : (text: string) => console.log(text);
  // Only the in-process worker reads MODELS_DIR here; in cluster mode each worker pulls its own.
  const models = config.runMtWorker
    ? await ensureDefaultModels({
        ...loadModelHubSettings(),
        modelsDir: config.modelsDir,
        remote: config.mtRemote,
        log,
        progress: process.stderr,
      })
    : undefined;
  const platform = await startPlatform(config, { loggerInstance: logger, log });
  const url = await platform.listen();
  // One of `npm run start:cluster`'s gateways: its launcher prints the URL and the login once.
  if (cluster.isWorker) print(`gateway ready: pid ${process.pid}`);
  else printStartLines(url, platform, config, models?.instructions ?? [], print);

  // In-process workers hand back what they hold within the bus's close deadline.
  stopOnSignals('the platform', () => platform.close(), CLOSE_DEADLINE_MS + 5_000, print);
}

function printStartLines(url: string, platform: Platform, config: Config, instructions: string[], print: (text: string) => void): void {
  const { admin } = platform;
  const lines = [
    '',
    `  MT platform is running at ${url}`,
    `  Database: ${platform.database.embedded ? `embedded PostgreSQL under ${config.dataDir}/pg` : 'DATABASE_URL'}`,
    `  Admin login (${url}/adminlogin): ${admin.account}`,
    admin.password
      ? `  Admin password: ${admin.password}   (generated now and shown only once: write it down)`
      : `  Admin password: ${config.adminPassword ? 'from MTP_ADMIN_PASSWORD' : 'as printed at the first start'}`,
    ...modelsLines(platform.translation.worker?.loadedPairs, config.modelsDir, instructions),
    '',
  ];
  print(lines.join('\n'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
