/**
 * Runs the Office add-in's task pane in a browser context against the Office.js stand-in
 * (office-js-stand-in.js): the CDN's office.js URL answers the stand-in, and the in-memory
 * document the stand-in serves is set before the pane loads.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';

/** The URL the pane's index.html loads Office.js from (Microsoft's CDN). */
export const OFFICE_JS_URL = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';

const STAND_IN_SOURCE = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'office-js-stand-in.js'), 'utf8');

export type StandInParagraph = { text: string; style?: string; alignment?: string; selected?: boolean; pictures?: number };
export type StandInCell = { value: unknown; formula: unknown; numberFormat?: string };
export type StandInSetup = {
  host: 'Word' | 'Excel' | 'PowerPoint';
  displayLanguage: string;
  paragraphs?: StandInParagraph[];
  cells?: StandInCell[][];
};

export type StandInState = {
  paragraphs: Required<StandInParagraph>[];
  cells: Required<StandInCell>[][];
  calls: { api: string; index?: number; location?: string; row?: number; column?: number; rows?: number; columns?: number }[];
  syncs: number;
};

/** Every page of `context` gets the stand-in for office.js and `setup` as its document. */
export async function useOfficeStandIn(context: BrowserContext, setup: StandInSetup): Promise<void> {
  await context.addInitScript((s) => {
    (globalThis as unknown as { __officeStandInSetup: unknown }).__officeStandInSetup = s;
  }, setup);
  // Nothing from outside is reachable in the tests: any other CDN request fails loudly.
  await context.route('https://appsforoffice.microsoft.com/**', (route) =>
    route.request().url() === OFFICE_JS_URL
      ? route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body: STAND_IN_SOURCE })
      : route.abort(),
  );
}

/** The stand-in document as the pane left it. */
export function standInState(page: Page): Promise<StandInState> {
  return page.evaluate(() => (globalThis as unknown as { __officeStandIn: StandInState }).__officeStandIn);
}
