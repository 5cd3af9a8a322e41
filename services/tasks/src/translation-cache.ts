/** The text-translation cache (see the migration for what keys it). */
import type { Db } from '@mtp/platform';
import { createHash } from 'node:crypto';

export type CacheKeyParts = { text: string; src: string; tgt: string; domain: string; modelVersion: string };

export function cacheKey(p: CacheKeyParts): string {
  return createHash('sha256').update([p.text, p.src, p.tgt, p.domain, p.modelVersion].join('\u0000')).digest('hex');
}

export async function readCache(db: Db, parts: CacheKeyParts): Promise<{ translated: string; engine: string } | null> {
  const { rows } = await db.query<{ translated: string; engine: string }>(
    `UPDATE translation_cache SET hits = hits + 1, last_hit_at = now() WHERE cache_key = $1 RETURNING translated, engine`,
    [cacheKey(parts)],
  );
  return rows[0] ?? null;
}

export async function writeCache(db: Db, parts: CacheKeyParts, translated: string, engine: string): Promise<void> {
  await db.query(
    `INSERT INTO translation_cache (cache_key, src_lang, tgt_lang, domain, model_version, translated, engine)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (cache_key) DO NOTHING`,
    [cacheKey(parts), parts.src, parts.tgt, parts.domain, parts.modelVersion, translated, engine],
  );
}

/** Drops entries unused for `maxAgeDays`; answers how many went. */
export async function sweepCache(db: Db, maxAgeDays: number): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM translation_cache WHERE last_hit_at < now() - make_interval(days => $1)`, [maxAgeDays]);
  return rowCount ?? 0;
}
