/**
 * The single-machine entry point: starts everything on embedded defaults and prints the URL
 * and the first administrator's login. On a first start with an empty MODELS_DIR, the default
 * models are pulled before the in-process MT worker loads the folder.
 */
import { ensureDefaultModels, loadModelHubSettings } from '@mtp/mt-worker';
import { CLOSE_DEADLINE_MS, stopOnSignals } from '@mtp/platform';
import { loadConfig } from './config';
import { startPlatform } from './platform';

function modelsLines(pairs: string[] | undefined, modelsDir: string, instructions: string[]): string[] {
  if (pairs === undefined) return ['  Translation: workers connect over NATS_URL'];
  if (pairs.length > 0) return [`  Translation models: ${pairs.join(', ')}`];
  if (instructions.length > 0) return [`  No translation models in ${modelsDir}. To add them:`, ...instructions.map((l) => `    ${l}`)];
  return [`  No translation models in ${modelsDir}: run \`npm run models -- pull en-us_zh-cn\` or copy a model folder there`];
}

async function main() {
  const config = loadConfig();
  // Only the in-process worker reads MODELS_DIR here; in cluster mode each worker pulls its own.
  const models = config.runMtWorker
    ? await ensureDefaultModels({
        ...loadModelHubSettings(),
        modelsDir: config.modelsDir,
        remote: config.mtRemote,
        log: (line) => console.log(line),
        progress: process.stderr,
      })
    : undefined;
  const platform = await startPlatform(config, { logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
  const url = await platform.listen();
  const { admin } = platform;
  const lines = [
    '',
    `  MT platform is running at ${url}`,
    `  Database: ${platform.database.embedded ? `embedded PostgreSQL under ${config.dataDir}/pg` : 'DATABASE_URL'}`,
    `  Admin login (${url}/adminlogin): ${admin.account}`,
    admin.password
      ? `  Admin password: ${admin.password}   (generated now and shown only once: write it down)`
      : `  Admin password: ${config.adminPassword ? 'from MTP_ADMIN_PASSWORD' : 'as printed at the first start'}`,
    ...modelsLines(platform.translation.worker?.loadedPairs, config.modelsDir, models?.instructions ?? []),
    '',
  ];
  console.log(lines.join('\n'));

  // In-process workers hand back what they hold within the bus's close deadline.
  stopOnSignals('the platform', () => platform.close(), CLOSE_DEADLINE_MS + 5_000);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
