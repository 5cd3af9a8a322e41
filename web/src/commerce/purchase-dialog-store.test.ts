import { afterEach, describe, expect, it } from 'vitest';
import { api, storage } from '../api/instance';
import { clearTokens } from '../auth/tokens';
import { changeLang } from '../i18n';
import { createPurchaseDialogStore, type PurchaseRequest } from './purchase-dialog-store';
import { purchaseDialog } from './browser-wiring';

describe('the purchase dialog store', () => {
  it('shows the message when no dialog host is mounted', () => {
    const shown: string[] = [];
    const store = createPurchaseDialogStore((m) => void shown.push(m));
    store.request({ reason: 'quota', message: 'Not enough characters' });
    expect(shown).toEqual(['Not enough characters']);
    expect(store.getState().opened).toBe(false);
  });

  it('hands requests to the host, which opens it on a tab; tabs switch; close resets', () => {
    const store = createPurchaseDialogStore(() => undefined);
    const seen: PurchaseRequest[] = [];
    const unregister = store.setHandler((r) => {
      seen.push(r);
      store.open(r, 'package');
    });
    store.request({ reason: 'quota', message: 'm' });
    expect(seen).toEqual([{ reason: 'quota', message: 'm' }]);
    expect(store.getState()).toMatchObject({ opened: true, tab: 'package' });
    store.switchTab('combo');
    expect(store.getState().tab).toBe('combo');
    store.close();
    expect(store.getState()).toEqual({ opened: false, request: null, tab: null });
    unregister();
    store.request({ reason: 'manual' });
    expect(seen).toHaveLength(1);
  });
});

describe('the API client’s 41005 / 42005 hooks', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    clearTokens(storage);
  });

  function answer(code: number, msg: string) {
    globalThis.fetch = (() => Promise.resolve(new Response(JSON.stringify({ code, msg, data: null })))) as typeof fetch;
  }

  it('41005 asks for the dialog with the server’s message; 42005 adds "please upgrade your plan"', async () => {
    await changeLang('en_US');
    storage.setItem('authToken', 'normal');
    const seen: PurchaseRequest[] = [];
    const unregister = purchaseDialog.setHandler((r) => void seen.push(r));
    answer(41005, 'Not enough characters; please buy a character package');
    await expect(api.get('text/translate')).rejects.toMatchObject({ code: 41005, handled: true });
    answer(42005, 'The limit of your current plan has been reached');
    await expect(api.get('tm_term_library/create')).rejects.toMatchObject({ code: 42005 });
    unregister();
    expect(seen).toEqual([
      { reason: 'quota', message: 'Not enough characters; please buy a character package' },
      { reason: 'planLimit', message: expect.stringMatching(/^The limit of your current plan has been reached.*upgrade your plan/) },
    ]);
  });
});
