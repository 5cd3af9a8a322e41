/**
 * Image codes: a distorted PNG picture (captcha-image.ts); the answer is kept server-side for a
 * few minutes and can be used once.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '@mtp/platform';
import type { ImageCodeData } from '@mtp/proto';
import { drawCaptcha, randomCaptchaText } from './captcha-image';

const CAPTCHA_TTL_SECONDS = 5 * 60;

export async function createCaptcha(db: Db): Promise<ImageCodeData> {
  const text = randomCaptchaText();
  const png = drawCaptcha(text);
  const captchaId = randomUUID();
  await db.query(`INSERT INTO captchas (captcha_id, answer, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
    captchaId,
    text,
    CAPTCHA_TTL_SECONDS,
  ]);
  // Expired answers are swept here rather than by a timer: creation is the only growth path.
  await db.query('DELETE FROM captchas WHERE expires_at < now()');
  return { captcha_id: captchaId, image: `data:image/png;base64,${png.toString('base64')}` };
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
