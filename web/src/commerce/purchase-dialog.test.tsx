/**
 * Server-side renders of the purchase dialog and its payment panels (no DOM emulation): what each
 * state shows, by the selectors a browser test uses.
 */
import { renderToString } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GoodsData } from '@mtp/proto';
import { changeLang } from '../i18n';
import { theme } from '../theme';
import { NOT_WITH_PLAN, PACKAGE_NEEDS_PLAN, fakeGoods } from './fake-commerce';
import type { PaymentState } from './payment-store';
import { PurchaseDialog, type PurchaseDialogProps } from './purchase-dialog';
import { initialTab } from './purchase-rules';

const IDLE: PaymentState = { phase: 'idle', item: null, tid: null, cashierUrl: null, popupBlocked: false, tries: 0, notPaid: false };
const ITEM = { skuId: 5, goodsType: 1 as const, name: 'Professional · 1 month', price: 9900 };
const noop = () => undefined;

function render(props: Partial<PurchaseDialogProps> & { goods?: GoodsData }) {
  const html = renderToString(
    <MantineProvider theme={theme}>
      <PurchaseDialog
        opened
        tab="combo"
        message={null}
        goods={fakeGoods()}
        goodsFailed={false}
        view="offers"
        payment={IDLE}
        paymentActions={{ onCheckNow: noop, onPayAgain: noop, onChangePlan: noop, onClose: noop }}
        onTabChange={noop}
        onBuy={noop}
        onGoToLogin={noop}
        onCancelLogin={noop}
        onClose={noop}
        withinPortal={false}
        {...props}
      />
    </MantineProvider>,
  );
  const testIds = [...html.matchAll(/data-testid="([^"]+)"/g)].map((m) => m[1]!);
  return { html, testIds };
}

beforeEach(async () => {
  await changeLang('en_US');
});

describe('the purchase dialog', () => {
  it('opens on the package tab, 1278 px wide, with the server’s message for a standard user’s 41005', () => {
    const goods = fakeGoods({ current: 'standard' });
    const { html, testIds } = render({
      goods,
      tab: initialTab('quota', goods.current_plan),
      message: 'Not enough characters; please buy a character package',
    });
    expect(html).toMatch(/data-testid="purchase-dialog"[^>]*data-tab="package"|data-tab="package"[^>]*data-testid="purchase-dialog"/);
    expect(html).toContain('data-width="1278"');
    expect(testIds).toContain('purchase-message');
    expect(html).toContain('Not enough characters; please buy a character package');
    expect(testIds.filter((id) => id === 'package-card')).toHaveLength(2);
    expect(testIds).not.toContain('plan-card');
    expect(html).toContain('¥200.00');
  });

  it('shows the plans 1138 px wide; a standard user sees only professional and enterprise', () => {
    const { html, testIds } = render({ goods: fakeGoods({ current: 'standard' }) });
    expect(html).toContain('data-width="1138"');
    const plans = [...html.matchAll(/data-testid="plan-card" data-plan="(\w+)"/g)].map((m) => m[1]);
    expect(plans).toEqual(['professional', 'enterprise']);
    expect(testIds).toContain('contact-sales');
    // Enterprise has no buy button: three professional skus only.
    expect(testIds.filter((id) => id === 'buy-sku')).toHaveLength(3);
    expect(html).toContain('¥99.00');
  });

  it('greys the skus the server disabled and says why', () => {
    const { html } = render({ goods: fakeGoods({ current: 'enterprise' }) });
    expect(html).toMatch(/data-testid="sku-option" data-sku="professional-m" data-disabled="true"/);
    expect(html).toContain(NOT_WITH_PLAN);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="buy-sku" data-sku="professional-m"/);
  });

  it('greys packages for a free user with the reason a package needs a plan', () => {
    const { html } = render({ goods: fakeGoods({ current: 'free' }), tab: 'package' });
    expect(html).toMatch(/data-testid="package-card" data-sku="5M_char-y" data-disabled="true"/);
    expect(html).toContain(PACKAGE_NEEDS_PLAN);
  });

  it('asks a visitor to log in first', () => {
    const { html, testIds } = render({ view: 'loginPrompt' });
    expect(testIds).toEqual(expect.arrayContaining(['login-prompt', 'login-prompt-go', 'login-prompt-cancel']));
    expect(html).toContain('You are not logged in yet; please log in to continue');
    expect(testIds).not.toContain('plan-card');
  });

  it('speaks Chinese', async () => {
    await changeLang('zh_CN');
    const { html } = render({ goods: fakeGoods({ current: 'standard' }) });
    expect(html).toContain('升级套餐');
    expect(html).toContain('字符包');
    expect(html).toContain('立即购买');
  });
});

describe('the payment panels', () => {
  it('paying: waits, and offers the cashier link when the popup was blocked', () => {
    const { html, testIds } = render({
      payment: { ...IDLE, phase: 'paying', item: ITEM, tid: 't1', cashierUrl: '/api/v1.0/cashier/t1', popupBlocked: true },
    });
    expect(testIds).toEqual(expect.arrayContaining(['payment-paying', 'popup-blocked', 'cashier-link', 'i-have-paid']));
    expect(html).toContain('href="/api/v1.0/cashier/t1"');
    expect(html).toContain('¥99.00');
    expect(testIds).not.toContain('plan-card');
  });

  it('paying: "Order not paid!" after the user said they paid', () => {
    const { html, testIds } = render({ payment: { ...IDLE, phase: 'paying', item: ITEM, tid: 't1', notPaid: true } });
    expect(testIds).toContain('order-not-paid');
    expect(html).toContain('Order not paid!');
  });

  it('failure: pay again and change plan', () => {
    const { testIds } = render({ payment: { ...IDLE, phase: 'failure', item: ITEM, tid: 't1' } });
    expect(testIds).toEqual(expect.arrayContaining(['payment-failure', 'pay-again', 'change-plan']));
  });

  it('success and timeout', () => {
    expect(render({ payment: { ...IDLE, phase: 'success', item: ITEM, tid: 't1' } }).testIds).toEqual(
      expect.arrayContaining(['payment-success', 'payment-done']),
    );
    expect(render({ payment: { ...IDLE, phase: 'timeout', item: ITEM, tid: 't1', tries: 100 } }).testIds).toEqual(
      expect.arrayContaining(['payment-timeout', 'check-again', 'payment-close']),
    );
  });
});
