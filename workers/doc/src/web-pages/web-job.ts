/**
 * `web.translate`: fetch the page (fetch-page.ts: SSRF-filtered, size and time limits), find its
 * texts, ask the tasks service to reserve their characters (`web.charge`), translate them
 * (page-mt.ts), write the translated HTML to `out_key` and answer `web.translated` on
 * `web.results`. A refusal (a private address, a page too large, no text, not enough
 * characters) answers `web.failed` with its code at once: it will not get better on a retry.
 * The answer's job id is `web:<task_id>`, so a redelivered job's answer dedupes.
 */
import { consumeJobsOf, publishJobTo, requestOf, type Bus, type JobConsumer, type ObjectStorage } from '@mtp/platform';
import { BUS, type WebTranslateDone, type WebTranslateJob } from '@mtp/proto';
import { fetchPage, type FetchOptions } from './fetch-page';
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
  let translations: string[];
  try {
    translations = await ctx.pages.translate(
      job.task_id,
      opened.texts.map((t) => t.text),
      { src: job.src_lang, tgt: job.tgt_lang, pool: job.pool },
      progress,
    );
  } catch (err) {
    return failed('FILE_TRANSLATION_FAILED', (err as Error).message);
  }
  const html = opened.write(new Map(opened.texts.map((t, i) => [t.id, translations[i]!])), job.tgt_lang);
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
