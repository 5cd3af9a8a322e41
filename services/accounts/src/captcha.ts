/**
 * Image codes: a real captcha picture (svg-captcha draws distorted text with noise lines);
 * the answer is kept server-side for a few minutes and can be used once.
 */
import * as svgCaptcha from 'svg-captcha';
import { randomUUID } from 'node:crypto';
import type { Db } from '@mtp/platform';
import type { ImageCodeData } from '@mtp/proto';

const CAPTCHA_TTL_SECONDS = 5 * 60;

export async function createCaptcha(db: Db): Promise<ImageCodeData> {
  // Characters people confuse (0/o, 1/l/i) are left out.
  const { data, text } = svgCaptcha.create({ size: 4, noise: 3, ignoreChars: '0oO1lIi', color: true, width: 120, height: 40 });
  const captchaId = randomUUID();
  await db.query(`INSERT INTO captchas (captcha_id, answer, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
    captchaId,
    text.toLowerCase(),
    CAPTCHA_TTL_SECONDS,
  ]);
  // Expired answers are swept here rather than by a timer: creation is the only growth path.
  await db.query('DELETE FROM captchas WHERE expires_at < now()');
  return { captcha_id: captchaId, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}

/** Checks and consumes a captcha; a wrong answer also consumes it, so guesses cost a new image. */
export async function consumeCaptcha(db: Db, captchaId: string, answer: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(captchaId)) return false;
  const { rows } = await db.query<{ answer: string }>(
    'DELETE FROM captchas WHERE captcha_id = $1 AND expires_at > now() RETURNING answer',
    [captchaId],
  );
  return rows[0] !== undefined && rows[0].answer === answer.trim().toLowerCase();
}
