/**
 * A verification code takes five tries, however they arrive. Before the fix the check ("delete
 * the row if the hash matches and tries < 5") and the count ("tries + 1") were two statements,
 * so a burst of parallel guesses all checked before any was counted: 7 of 8 bursts of 40
 * reset_password guesses changed the password. Here each burst holds 39 wrong codes and the
 * right one near the end; the password must never change (and no account be registered).
 * The rate limits of code checks are lifted in this file: the try count must hold on its own.
 */
import { DEFAULT_RATE_LIMITS, type RateLimits } from '@mtp/gateway';
import { buildTestGateway, type TestGateway } from '@mtp/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const UNLIMITED = { perAccount: 0, perIp: 0, windowSeconds: 3600 };
const NO_CODE_LIMITS: RateLimits = { ...DEFAULT_RATE_LIMITS, codeSend: UNLIMITED, codeCheck: UNLIMITED };
const CODE_INVALID = 40024;
const BURST = 40;
const RIGHT_AT = 35;

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway({ app: { rateLimits: NO_CODE_LIMITS }, docWorker: false });
});
afterAll(async () => {
  await gw?.close();
});

/** `count` six-digit codes, none of them `right`. */
function wrongCodes(right: string, count: number): string[] {
  const codes: string[] = [];
  for (let n = Number(right) + 1; codes.length < count; n++) codes.push(String(n % 1_000_000).padStart(6, '0'));
  return codes;
}

/** Sends a code for `purpose` and answers the right one and a burst of guesses with it at RIGHT_AT. */
async function guessesFor(account: string, purpose: 'reset' | 'register'): Promise<{ right: string; guesses: string[] }> {
  const sent = await gw.sendCode(account, purpose);
  expect(sent.code, sent.msg).toBe(20000);
  const right = gw.codeFromLog(account);
  const guesses = wrongCodes(right, BURST - 1);
  guesses.splice(RIGHT_AT, 0, right);
  return { right, guesses };
}

function resetPassword(account: string, code: string, password: string) {
  return gw.call('POST', 'reset_password', { body: { account, password: gw.encrypt(password), code } });
}

describe('verification codes under parallel guessing', () => {
  it('a right code is taken within five tries and refused after them (sequential control)', async () => {
    const account = 'control@example.com';
    await gw.registerUser(account, 'Original1');
    const { right, guesses } = await guessesFor(account, 'reset');
    for (const code of guesses.slice(0, 4)) expect((await resetPassword(account, code, 'Changed11')).code).toBe(CODE_INVALID);
    // The fifth try is the right code: taken, so the bursts below would notice a success.
    expect((await resetPassword(account, right, 'Changed11')).code).toBe(20000);
    expect((await gw.login(account, 'Changed11')).code).toBe(20000);

    const second = 'control2@example.com';
    await gw.registerUser(second, 'Original1');
    const again = await guessesFor(second, 'reset');
    for (const code of again.guesses.slice(0, 5)) expect((await resetPassword(second, code, 'Changed11')).code).toBe(CODE_INVALID);
    expect((await resetPassword(second, again.right, 'Changed11')).code).toBe(CODE_INVALID);
    expect((await gw.login(second, 'Original1')).code).toBe(20000);
  });

  it('never lets a burst of 40 parallel reset_password guesses change the password', async () => {
    const answers: number[] = [];
    const changed: string[] = [];
    for (let round = 0; round < 4; round++) {
      const account = `victim${round}@example.com`;
      await gw.registerUser(account, 'Original1');
      const { guesses } = await guessesFor(account, 'reset');
      const replies = await Promise.all(guesses.map((code) => resetPassword(account, code, 'Stolen123')));
      answers.push(...replies.map((r) => r.code));
      if ((await gw.login(account, 'Stolen123')).code === 20000) changed.push(account);
      else expect((await gw.login(account, 'Original1')).code).toBe(20000);
    }
    console.log(`reset_password bursts: ${changed.length} of 4 changed the password; answers: ${summary(answers)}`);
    expect(changed).toEqual([]);
    expect(answers.every((c) => c === CODE_INVALID)).toBe(true);
  });

  it('never lets a burst of 40 parallel registrations with guessed codes create the account', async () => {
    const created: string[] = [];
    for (let round = 0; round < 3; round++) {
      const account = `squatter${round}@example.com`;
      const { guesses } = await guessesFor(account, 'register');
      const replies = await Promise.all(
        guesses.map((code) =>
          gw.call('POST', 'user/register', { body: { account, username: 'squatter', password: gw.encrypt('Squat1234'), code } }),
        ),
      );
      if (replies.some((r) => r.code === 20000)) created.push(account);
    }
    console.log(`register bursts: ${created.length} of 3 created the account`);
    expect(created).toEqual([]);
  });
});

function summary(codes: number[]): string {
  const counts = new Map<number, number>();
  for (const c of codes) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts].map(([c, n]) => `${c} x${n}`).join(', ');
}
