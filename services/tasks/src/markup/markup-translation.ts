/**
 * `translateMarkup`: HTML or XML texts translated with their markup kept (DeepL's
 * `tag_handling`, LibreTranslate's `format=html`). Every text is cut into the runs of text
 * between its tags (markup-split.ts); all runs of all texts go to `translateBatch` as one batch,
 * so there is one reservation, charged for the text only (tags are not charged) and refunded
 * if anything fails; each run's translation is put back between the same tags and whitespace.
 * A run is translated on its own: a sentence split by an inline tag (`<b>`) is two segments.
 */
import { AppError } from '@mtp/proto';
import type { Payer } from '../ports';
import { translateBatch, type BatchBody, type BatchOptions, type BatchResult } from '../text-batch';
import type { TextTranslationDeps } from '../text-translation';
import { joinMarkup, splitMarkup, type MarkupFormat } from './markup-split';

export type MarkupBody = BatchBody & { format: MarkupFormat };

/** As `translateBatch` answers: `translations[i].translated` is text i's markup, translated. */
export async function translateMarkup(
  deps: TextTranslationDeps,
  payer: Payer,
  body: MarkupBody,
  opts: BatchOptions = {},
): Promise<BatchResult> {
  const splits = body.texts.map((text) => splitMarkup(text, body.format));
  const segments = splits.flatMap((s) => s.segments);
  // Markup without any text (`<br/>`) is nothing to translate, as a blank text is for translateBatch.
  if (segments.length === 0) throw new AppError('CONTENT_INVALID');
  const batch = await translateBatch(
    deps,
    payer,
    { texts: segments, src_lang: body.src_lang, tgt_lang: body.tgt_lang, domain: body.domain },
    opts,
  );
  let at = 0;
  const translations = splits.map((split) => {
    const own = batch.translations.slice(at, at + split.segments.length);
    at += split.segments.length;
    return {
      translated: joinMarkup(
        split,
        own.map((s) => s.translated),
      ),
      chars: own.reduce((n, s) => n + s.chars, 0),
      // The engine of the text's first run (a text of runs from several engines is rare: TM hits and MT).
      engine: own[0]?.engine ?? '',
    };
  });
  return { translations, src_lang: batch.src_lang, tgt_lang: batch.tgt_lang, chars: batch.chars };
}
