/**
 * `web.translate`: fetch the page (fetch-page.ts: SSRF-filtered, size and time limits), find its
 * texts, ask the tasks service to reserve all their characters once (`web.charge`), translate
 * them chunk by chunk (page-chunks.ts, page-mt.ts), write the translated HTML to `out_key` and
 * answer `web.translated` on `web.results`. After the first chunk (the first screen) of a page
 * with more, a partial page (the rest still in the source language) is written to `out_key`
 * and every chunk but the last reports `web.progress`, so /webpage shows the top of the page
 * while the rest is translated. A refusal (a private address, a page too large, no text, not enough
 * characters) answers `web.failed` with its code at once: it will not get better on a retry.
 * The answer's job id is `web:<task_id>`, so a redelivered job's answer dedupes.
 */
import { consumeJobsOf, publishJobTo, requestOf, type Bus, type JobConsumer, type ObjectStorage } from '@mtp/platform';
import { BUS, type WebTranslateDone, type WebTranslateJob } from '@mtp/proto';
import { fetchPage, type FetchOptions } from './fetch-page';
import { pageChunks } from './page-chunks';
import { PageRefusal } from './page-refusal';
import type { PageTranslator } from './page-mt';
import { openWebPage } from './web-page-html';

export type WebJobContext = {
  bus: Bus;
  storage: ObjectStorage;
  workerId: string;
  pages: PageTranslator;
  fetch?: FetchOptions;
  log: (line: string) => void;
};

export async function translateWebPage(
  ctx: WebJobContext,
  job: WebTranslateJob,
  progress: () => void = () => {},
): Promise<WebTranslateDone> {
  const failed = (code: Extract<WebTranslateDone, { kind: 'web.failed' }>['code'], detail: string): WebTranslateDone => {
    ctx.log(`doc worker ${ctx.workerId}: web page ${job.task_id} refused (${code}): ${detail}`);
    return { kind: 'web.failed', task_id: job.task_id, code, detail };
  };
  let page;
  try {
    page = await fetchPage(job.url, ctx.fetch);
  } catch (err) {
    if (err instanceof PageRefusal) return failed(err.code, err.message);
    throw err;
  }
  progress();
  // The original as the user will see it beside the translation: same parse, same absolute links.
  await ctx.storage.put(job.original_key, openWebPage(page.body, page.finalUrl).write(new Map(), job.src_lang));
  const opened = openWebPage(page.body, page.finalUrl);
  const chars = opened.texts.reduce((n, t) => n + [...t.text].length, 0);
  if (chars === 0) return failed('FILE_NO_TEXT', 'the page has no text to translate');
  const charge = await requestOf(ctx.bus, BUS.webCharge, { task_id: job.task_id, chars });
  if (!charge.granted) return failed('CHARS_NOT_ENOUGH', `${chars} characters not covered`);
  const chunks = pageChunks(opened.texts);
  const byId = (soFar: readonly string[]) => new Map(soFar.map((text, i) => [opened.texts[i]!.id, text]));
  const onChunk = async (chunk: number, soFar: readonly string[]) => {
    progress();
    if (chunk === chunks.length - 1) return;
    if (chunk === 0) {
      // A fresh parse: write() lays translations into its tree, and the final page needs an untouched one.
      await ctx.storage.put(job.out_key, openWebPage(page.body, page.finalUrl).write(byId(soFar), job.tgt_lang));
    }
    const report: WebTranslateDone = {
      kind: 'web.progress',
      task_id: job.task_id,
      done: soFar.length,
      total: opened.texts.length,
      partial: true,
    };
    // Progress is a courtesy: losing one report delays the partial page, never the translation.
    await publishJobTo(ctx.bus, BUS.webResults, report, { jobId: `web:${job.task_id}:p${chunk}` }).catch((err: unknown) =>
      ctx.log(`doc worker ${ctx.workerId}: web page ${job.task_id} progress not sent: ${(err as Error).message}`),
    );
  };
  let translations: string[];
  try {
    const pair = { src: job.src_lang, tgt: job.tgt_lang, pool: job.pool };
    translations = await ctx.pages.translate(
      job.task_id,
      chunks.map((c) => c.map((t) => t.text)),
      pair,
      onChunk,
    );
  } catch (err) {
    return failed('FILE_TRANSLATION_FAILED', (err as Error).message);
  }
  const html = opened.write(byId(translations), job.tgt_lang);
  await ctx.storage.put(job.out_key, html);
  return { kind: 'web.translated', task_id: job.task_id, chars, final_url: page.finalUrl };
}

export function consumeWebTranslations(
  ctx: WebJobContext,
  opts: { concurrency: number; ackWaitMs?: number; track?: <T>(work: () => Promise<T>) => Promise<T> },
): Promise<JobConsumer> {
  const track = opts.track ?? ((work) => work());
  return consumeJobsOf(
    ctx.bus,
    BUS.webTranslations,
    (job) =>
      track(async () => {
        const done = await translateWebPage(ctx, job.payload, () => job.progress());
        await publishJobTo(ctx.bus, BUS.webResults, done, { jobId: `web:${done.task_id}` });
      }),
    { concurrency: opts.concurrency, ackWaitMs: opts.ackWaitMs },
  );
}
