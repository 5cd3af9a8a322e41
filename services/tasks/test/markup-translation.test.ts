/**
 * `translateMarkup` on the real ledger and PostgreSQL: the text between tags is translated and
 * the markup kept byte-for-byte, every text of the call is one reservation charged for the text
 * only, and a failing engine charges nothing. The engine is a stand-in (upper case) that can be
 * told to fail; the gateway's DeepL suite runs the real MT worker.
 */
import { ledgerPort } from '@mtp/billing';
import { describe, expect, it } from 'vitest';
import type { MtPort } from '../src/ports';
import { translateMarkup } from '../src/markup/markup-translation';
import type { TextTranslationDeps } from '../src/text-translation';
import { useTasksFixture } from './tasks-fixture';

const fx = useTasksFixture('markup@example.com');
let failing = false;
const calls: string[][] = [];

const mt: MtPort = {
  route: () => ({ kind: 'direct', legs: [['en-us', 'zh-cn']], modelVersion: '' }),
  translate: async (texts) => {
    calls.push(texts);
    if (failing) throw new Error('engine down');
    return { translations: texts.map((t) => t.toUpperCase()), engine: 'stand-in', modelVersion: '' };
  },
};

const deps = (): TextTranslationDeps => ({ db: fx.db, mt, quota: ledgerPort(fx.db), detect: () => ({ lang: 'en-us', confidence: 1 }) });

async function reservations(): Promise<{ state: string; chars: number }[]> {
  const { rows } = await fx.db.query<{ state: string; chars: number }>(
    `SELECT state, chars_charged::int AS chars FROM quota_reservations WHERE user_id = $1 ORDER BY created_at`,
    [fx.userId],
  );
  return rows;
}

describe('translateMarkup', () => {
  it('translates the text of every markup text in one batch and keeps the tags', async () => {
    calls.length = 0;
    const before = (await reservations()).length;
    const result = await translateMarkup(
      deps(),
      { userId: fx.userId },
      {
        texts: ['<p class="x">one <b>two</b></p>', '<item id="7">\n  three\n</item>'],
        src_lang: 'auto',
        tgt_lang: 'zh-cn',
        format: 'xml',
      },
    );
    expect(result.translations.map((t) => t.translated)).toEqual(['<p class="x">ONE <b>TWO</b></p>', '<item id="7">\n  THREE\n</item>']);
    expect(result.src_lang).toBe('en-us');
    // Only the text is charged: "one" + "two" + "three".
    expect(result.translations.map((t) => t.chars)).toEqual([6, 5]);
    expect(result.chars).toBe(11);
    expect(calls.flat()).toEqual(['one', 'two', 'three']);
    const after = await reservations();
    expect(after.slice(before)).toEqual([{ state: 'settled', chars: 11 }]);
  });

  it('charges nothing when the engine fails', async () => {
    failing = true;
    try {
      const before = (await reservations()).length;
      await expect(
        translateMarkup(deps(), { userId: fx.userId }, { texts: ['<p>hello</p>'], src_lang: 'en-us', tgt_lang: 'zh-cn', format: 'html' }),
      ).rejects.toMatchObject({ codeName: 'TRANSLATION_FAILED' });
      const after = (await reservations()).slice(before);
      expect(after.map((r) => r.state)).toEqual(['refunded']);
    } finally {
      failing = false;
    }
  });

  it('refuses markup without any text to translate', async () => {
    await expect(
      translateMarkup(deps(), { userId: fx.userId }, { texts: ['<br/>'], src_lang: 'en-us', tgt_lang: 'zh-cn', format: 'html' }),
    ).rejects.toMatchObject({ codeName: 'CONTENT_INVALID' });
  });
});
