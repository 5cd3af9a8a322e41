/**
 * The single-machine entry point: starts everything on embedded defaults and prints the URL
 * and the first administrator's login.
 */
import { loadConfig } from './config';
import { startPlatform } from './platform';

function modelsLine(pairs: string[] | undefined, modelsDir: string): string {
  if (pairs === undefined) return '  Translation: workers connect over NATS_URL';
  if (pairs.length > 0) return `  Translation models: ${pairs.join(', ')}`;
  return `  No translation models in ${modelsDir}: run \`npm run models -- pull en-us_zh-cn\` or copy a model folder there`;
}

async function main() {
  const config = loadConfig();
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
    modelsLine(platform.translation.worker?.loadedPairs, config.modelsDir),
    '',
  ];
  console.log(lines.join('\n'));

  const stop = async (signal: string) => {
    console.log(`${signal}: shutting down`);
    // A deadline so a stuck connection cannot keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    await platform.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
