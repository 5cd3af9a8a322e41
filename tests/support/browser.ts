/**
 * Debian's Chromium driven by playwright-core (whose own browser download cannot work offline),
 * started with the flags this kind of machine needs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) if (existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('Chromium not found: install Debian chromium (npm test does so as root) or set CHROMIUM_PATH');
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}
