/**
 * Charging translate-as-you-type by draft (README "Drafts") on the real ledger and PostgreSQL:
 * a sentence typed key by key costs its length once, a new text or pair is charged in full, a
 * failed call charges nothing and leaves the draft, an expired draft starts over, and concurrent
 * calls of one draft never charge the same characters twice. The engine is a stand-in that can
 * be told to fail (the gateway's suite runs the real MT worker).
 */
import { ledgerPort } from '@mtp/billing';
import type { TranslateBody } from '@mtp/proto';
import { describe, expect, it } from 'vitest';
import type { MtPort } from '../src/ports';
import { commonPrefixChars } from '../src/text-drafts';
import { translateText, type TextTranslationDeps } from '../src/text-translation';
import { useTasksFixture } from './tasks-fixture';

const fx = useTasksFixture('drafts@example.com');
let failing = false;

const mt: MtPort = {
  route: () => ({ kind: 'direct', legs: [['en-us', 'zh-cn']], modelVersion: '' }),
  translate: async (texts) => {
    if (failing) throw new Error('engine down');
    return { translations: texts.map((t) => t.toUpperCase()), engine: 'stand-in', modelVersion: '' };
  },
};

const deps = (): TextTranslationDeps => ({ db: fx.db, mt, quota: ledgerPort(fx.db), detect: () => ({ lang: 'en-us', confidence: 1 }) });

const body = (text: string, draft_id?: string, tgt_lang: TranslateBody['tgt_lang'] = 'zh-cn'): TranslateBody => ({
  text,
  src_lang: 'en-us',
  tgt_lang,
  ...(draft_id ? { draft_id } : {}),
});

/** Characters the ledger charged the user in total (settled reservations) and how many are open. */
async function ledger(): Promise<{ charged: number; open: number }> {
  const { rows } = await fx.db.query<{ charged: string; open: string }>(
    `SELECT coalesce(sum(chars_charged) FILTER (WHERE state = 'settled'), 0) AS charged,
            count(*) FILTER (WHERE state = 'reserved') AS open
       FROM quota_reservations WHERE user_id = $1`,
    [fx.userId],
  );
  return { charged: Number(rows[0]!.charged), open: Number(rows[0]!.open) };
}

/** What `run` charges on the ledger. */
async function cost(run: () => Promise<unknown>): Promise<number> {
  const before = await ledger();
  await run();
  const after = await ledger();
  expect(after.open).toBe(0);
  return after.charged - before.charged;
}

const user = () => ({ userId: fx.userId });

describe('text translation drafts', () => {
  it('measures common prefixes in code points', () => {
    expect(commonPrefixChars('twenty one', 'twenty two')).toBe(7);
    expect(commonPrefixChars('a😀b', 'a😀c')).toBe(2);
    expect(commonPrefixChars('', 'abc')).toBe(0);
  });

  it('charges a sentence typed key by key its length once; a new text or pair in full; deleting nothing', async () => {
    const sentence = 'twenty one thousand 😀';
    const typed = await cost(async () => {
      for (let i = 1; i <= [...sentence].length; i++) {
        const data = await translateText(deps(), user(), body([...sentence].slice(0, i).join(''), 'draft-typing'));
        expect(data.chars).toBe(1);
      }
    });
    expect(typed).toBe([...sentence].length);
    // Deleting the last word and typing it again costs nothing; a changed word costs what changed.
    expect(await cost(() => translateText(deps(), user(), body('twenty one', 'draft-typing')))).toBe(0);
    expect(await cost(() => translateText(deps(), user(), body(sentence, 'draft-typing')))).toBe(0);
    expect(await cost(() => translateText(deps(), user(), body('twenty two', 'draft-typing')))).toBe(3);
    // Replacing the text, or translating it into another language, is a new translation.
    expect(await cost(() => translateText(deps(), user(), body('ninety', 'draft-typing')))).toBe(6);
    expect(await cost(() => translateText(deps(), user(), body('ninety', 'draft-typing', 'ja')))).toBe(6);
    // Without a draft (the public API) every call is charged in full, as before.
    expect(await cost(() => translateText(deps(), user(), body('ninety')))).toBe(6);
    expect(await cost(() => translateText(deps(), user(), body('ninety')))).toBe(6);
  });

  it('charges nothing for a failed translation and leaves the draft where it was', async () => {
    await translateText(deps(), user(), body('seven', 'draft-failing'));
    failing = true;
    try {
      const failed = await cost(() => expect(translateText(deps(), user(), body('seven hundred', 'draft-failing'))).rejects.toThrow());
      expect(failed).toBe(0);
    } finally {
      failing = false;
    }
    // The draft still holds "seven": the next success pays for " hundred".
    expect(await cost(() => translateText(deps(), user(), body('seven hundred', 'draft-failing')))).toBe(8);
  });

  it('forgets a draft after it expired', async () => {
    await translateText(deps(), user(), body('eight', 'draft-expiring'));
    await fx.db.query(`UPDATE text_drafts SET expires_at = now() - interval '1 second' WHERE draft_id = 'draft-expiring'`);
    expect(await cost(() => translateText(deps(), user(), body('eight', 'draft-expiring')))).toBe(5);
  });

  it('never charges the same characters twice for concurrent calls of one draft', async () => {
    const texts = ['nine', 'nine', 'nine hundred', 'nine hundred', 'nine', 'nine hundred'];
    const total = await cost(() => Promise.all(texts.map((t) => translateText(deps(), user(), body(t, 'draft-racing')))));
    expect(total).toBe('nine hundred'.length);
    // Concurrent calls of different drafts each pay for their own text.
    const apart = await cost(() =>
      Promise.all(['a1', 'a2', 'a3'].map((d) => translateText(deps(), user(), body('three', `draft-${d}-x`)))),
    );
    expect(apart).toBe(15);
  });
});
