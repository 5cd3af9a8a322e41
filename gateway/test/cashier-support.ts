/** Drives the sandbox cashier as a browser without JavaScript would: fetch its page, post one of its forms. */
import { expect } from 'vitest';

/** Opens the cashier page at `redirecUrl` on the listening gateway `base` and submits its Pay or Fail form. */
export async function submitCashier(base: string, redirecUrl: string, button: 'pay' | 'fail'): Promise<string> {
  const html = await (await fetch(`${base}${redirecUrl}`)).text();
  const action = new RegExp(`<form method="post" action="([^"]+/${button})">`).exec(html)?.[1];
  expect(action, html).toBeDefined();
  const res = await fetch(`${base}${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  expect(res.status).toBe(200);
  return res.text();
}
