/**
 * Drafts of translate-as-you-type (README "Drafts"): the page sends one `draft_id` per text box,
 * and each call of that draft is charged only for the characters after the longest common
 * prefix with the text the draft was last charged for. Typing a sentence key by key therefore
 * costs its final length once; replacing the text costs the new text in full.
 *
 * The claim is a short transaction holding the draft's row lock, so concurrent calls of one
 * draft are serialised there: the second sees the first one's text and cannot charge the same
 * characters again. The translation itself runs after the claim has committed (holding the lock
 * across the engine and the ledger would keep a pooled connection waiting on another, the
 * deadlock `sidePool` describes); a call that fails puts the draft back with `undo`.
 */
import { inTransaction, type Db } from '@mtp/platform';

/** A draft unused for this long is forgotten: its next call is charged in full. */
export const DRAFT_TTL_MS = 30 * 60 * 1000;

/** Length in code points of the longest common prefix of `a` and `b`. */
export function commonPrefixChars(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
}

export type DraftClaim = {
  /** Characters this call is charged (0 when the text adds nothing after what was charged). */
  charge: number;
  /** Puts the draft back as it was before the claim, unless a later call has moved it since. */
  undo: () => Promise<void>;
};

export type DraftArgs = {
  userId: number;
  draftId: string;
  /** `src_tgt_domain`: another pair or domain is another translation, charged in full. */
  pair: string;
  /** The text to translate (already cut to the limit). */
  text: string;
};

type DraftRow = { pair: string; charged_text: string; version: string; expires_at: Date; expired: boolean };

export async function claimDraft(db: Db, args: DraftArgs): Promise<DraftClaim> {
  const { userId, draftId, pair, text } = args;
  return inTransaction(db, async (client) => {
    // Drafts this user left behind go with the next call, so no sweeper is needed for them.
    await client.query('DELETE FROM text_drafts WHERE user_id = $1 AND draft_id <> $2 AND expires_at < now()', [userId, draftId]);
    await client.query(
      `INSERT INTO text_drafts (user_id, draft_id, expires_at) VALUES ($1, $2, now()) ON CONFLICT (user_id, draft_id) DO NOTHING`,
      [userId, draftId],
    );
    const { rows } = await client.query<DraftRow>(
      `SELECT pair, charged_text, version, expires_at, expires_at <= now() AS expired
         FROM text_drafts WHERE user_id = $1 AND draft_id = $2 FOR UPDATE`,
      [userId, draftId],
    );
    const prev = rows[0]!;
    const base = !prev.expired && prev.pair === pair ? prev.charged_text : '';
    const charge = [...text].length - commonPrefixChars(base, text);
    const ttl = DRAFT_TTL_MS / 1000;
    if (charge === 0) {
      // Nothing new (the text is a prefix of what was paid for): keep the longer paid text, so
      // deleting and typing the same characters again costs nothing.
      await client.query(`UPDATE text_drafts SET expires_at = now() + make_interval(secs => $3) WHERE user_id = $1 AND draft_id = $2`, [
        userId,
        draftId,
        ttl,
      ]);
      return { charge, undo: async () => {} };
    }
    const moved = await client.query<{ version: string }>(
      `UPDATE text_drafts SET pair = $3, charged_text = $4, version = version + 1, expires_at = now() + make_interval(secs => $5)
        WHERE user_id = $1 AND draft_id = $2 RETURNING version`,
      [userId, draftId, pair, text, ttl],
    );
    const version = moved.rows[0]!.version;
    const undo = async () => {
      await db.query(
        `UPDATE text_drafts SET pair = $4, charged_text = $5, expires_at = $6
          WHERE user_id = $1 AND draft_id = $2 AND version = $3`,
        [userId, draftId, version, prev.pair, prev.charged_text, prev.expires_at],
      );
    };
    return { charge, undo };
  });
}
