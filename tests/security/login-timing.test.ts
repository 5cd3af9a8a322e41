/**
 * Login must not tell by its answer time whether an account exists. Before the fix argon2 ran
 * only for a known account: 3 ms for an unknown one against 17 ms for a wrong password. Now an
 * unknown account is verified against a stand-in hash of the same parameters. The messages stay
 * the spec's ("Account does not exist" / "Incorrect password"); only the time is the same.
 * The ratio is generous so a loaded machine cannot make it flake; the figures are printed.
 */
import { DEFAULT_RATE_LIMITS, type RateLimits } from '@mtp/gateway';
import { buildTestGateway, type TestGateway } from '@mtp/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const NO_LOGIN_LIMITS: RateLimits = { ...DEFAULT_RATE_LIMITS, login: { perAccount: 0, perIp: 0, windowSeconds: 900 } };
const ROUNDS = 15;

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway({ app: { rateLimits: NO_LOGIN_LIMITS }, docWorker: false });
  await gw.registerUser('known@example.com', 'Right1234');
});
afterAll(async () => {
  await gw?.close();
});

async function timedLogin(account: string, password: string): Promise<{ ms: number; code: number }> {
  // Encrypted outside the timing: the client does that part.
  const body = { account, password: gw.encrypt(password), agree_terms: true };
  const started = performance.now();
  const res = await gw.call('POST', 'user/login', { body });
  return { ms: performance.now() - started, code: res.code };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('login timing', () => {
  it('takes as long for an unknown account as for a known one with a wrong password', async () => {
    // Warm-up: the first calls pay for compiling and connecting.
    await timedLogin('nobody-warm@example.com', 'Wrong1234');
    await timedLogin('known@example.com', 'Wrong1234');
    const unknown: number[] = [];
    const known: number[] = [];
    // Interleaved, so a change in the machine's load hits both sides alike.
    for (let i = 0; i < ROUNDS; i++) {
      const a = await timedLogin(`nobody${i}@example.com`, 'Wrong1234');
      expect(a.code).toBe(40020);
      unknown.push(a.ms);
      const b = await timedLogin('known@example.com', 'Wrong1234');
      expect(b.code).toBe(40021);
      known.push(b.ms);
    }
    const [u, k] = [median(unknown), median(known)];
    console.log(`login medians over ${ROUNDS}: unknown account ${u.toFixed(1)} ms, known account with a wrong password ${k.toFixed(1)} ms`);
    expect(u).toBeGreaterThanOrEqual(0.5 * k);
    expect(u).toBeLessThanOrEqual(2 * k);
  });
});
