import { describe, expect, it } from 'vitest';
import { ROLES } from '@mtp/proto';
import { NOT_WITH_PLAN, PACKAGE_NEEDS_PLAN, fakeGoods } from './fake-commerce';
import {
  DIALOG_WIDTH,
  buyAction,
  comboPlans,
  decidePurchase,
  defaultSku,
  formatYuan,
  initialTab,
  loginRedirectPath,
  skuOffer,
  type Buyer,
} from './purchase-rules';

const mainUser: Buyer = { loggedIn: true, role: ROLES.NORMAL, onMainSite: true };
const siteUser: Buyer = { loggedIn: true, role: ROLES.NORMAL, onMainSite: false };
const siteManager: Buyer = { loggedIn: true, role: ROLES.MANAGER, onMainSite: false };
const visitor: Buyer = { loggedIn: false, role: null, onMainSite: true };

describe('the dialog’s tab', () => {
  it('41005 opens the package tab for a standard (paying) user, the plans for a free one', () => {
    expect(initialTab('quota', 'standard')).toBe('package');
    expect(initialTab('quota', 'professional')).toBe('package');
    expect(initialTab('quota', 'free')).toBe('combo');
  });

  it('42005 and a plain click open the plans; a button may ask for a tab', () => {
    expect(initialTab('planLimit', 'standard')).toBe('combo');
    expect(initialTab('manual', 'standard')).toBe('combo');
    expect(initialTab('manual', 'free', 'package')).toBe('package');
  });

  it('is 1138 px wide for plans and 1278 px for packages', () => {
    expect(DIALOG_WIDTH).toEqual({ combo: 1138, package: 1278 });
  });
});

describe('what the combo tab offers', () => {
  it('never offers free; a free user sees standard, professional and enterprise', () => {
    expect(comboPlans(fakeGoods({ current: 'free' })).map((p) => p.code)).toEqual(['standard', 'professional', 'enterprise']);
  });

  it('pre-filters a standard user to the plans above standard', () => {
    expect(comboPlans(fakeGoods({ current: 'standard' })).map((p) => p.code)).toEqual(['professional', 'enterprise']);
  });
});

describe('disabled rules', () => {
  it('greys a sku the server disabled, with its reason', () => {
    const goods = fakeGoods({ current: 'professional' });
    const pkg = fakeGoods({ current: 'free' }).char_list[0]!;
    expect(skuOffer(pkg)).toEqual({ kind: 'disabled', reason: PACKAGE_NEEDS_PLAN });
    expect(skuOffer(goods.char_list[0]!)).toEqual({ kind: 'buyable' });
    const enterpriseUser = fakeGoods({ current: 'enterprise' });
    const pro = enterpriseUser.member_list.find((p) => p.code === 'professional')!;
    expect(skuOffer(pro.skuList[0]!, pro)).toEqual({ kind: 'disabled', reason: NOT_WITH_PLAN });
  });

  it('a disabled plan disables its skus with the generic reason; enterprise is "contact sales"', () => {
    const goods = fakeGoods();
    const std = { ...goods.member_list[1]!, disabled: true };
    expect(skuOffer(std.skuList[0]!, std)).toEqual({ kind: 'disabled', reason: null });
    const ent = goods.member_list[3]!;
    expect(skuOffer(ent.skuList[0]!, ent)).toEqual({ kind: 'contactSales' });
  });

  it('selects the first buyable sku of a plan', () => {
    const plan = { ...fakeGoods().member_list[1]! };
    plan.skuList = [{ ...plan.skuList[0]!, disabled: true }, ...plan.skuList.slice(1)];
    expect(defaultSku(plan)?.code).toBe('standard-qrt');
  });
});

describe('who buys', () => {
  it('asks a visitor to log in first, back to where they were', () => {
    expect(buyAction(visitor)).toBe('loginPrompt');
    expect(loginRedirectPath('/login', '/mytermbank?page=2')).toBe('/login?redirect=%2Fmytermbank%3Fpage%3D2');
    expect(loginRedirectPath('/acme', '/')).toBe('/acme');
  });

  it('lets main-site users and enterprise managers order; tells enterprise users to contact the administrator', () => {
    expect(buyAction(mainUser)).toBe('order');
    expect(buyAction(siteManager)).toBe('order');
    expect(buyAction(siteUser)).toBe('contactAdmin');
  });
});

describe('a request for the dialog', () => {
  const contact = 'Please contact the administrator';

  it('41005 for a standard user opens the package tab', () => {
    const d = decidePurchase({ reason: 'quota', message: 'Not enough characters' }, fakeGoods({ current: 'standard' }), mainUser, contact);
    expect(d).toEqual({ kind: 'open', tab: 'package' });
  });

  it('42005 opens the plans', () => {
    const d = decidePurchase(
      { reason: 'planLimit', message: 'Limit please upgrade your plan' },
      fakeGoods({ current: 'standard' }),
      mainUser,
      contact,
    );
    expect(d).toEqual({ kind: 'open', tab: 'combo' });
  });

  it('BILLING=off (or no catalogue) shows the message alone, no dialog', () => {
    expect(decidePurchase({ reason: 'quota', message: 'Not enough' }, fakeGoods({ billing: false }), mainUser, contact)).toEqual({
      kind: 'toast',
      message: 'Not enough',
    });
    expect(decidePurchase({ reason: 'manual' }, null, mainUser, contact)).toEqual({ kind: 'toast', message: null });
  });

  it('an enterprise site’s ordinary user gets the message and "contact the administrator"', () => {
    expect(decidePurchase({ reason: 'quota', message: 'Not enough' }, fakeGoods(), siteUser, contact)).toEqual({
      kind: 'toast',
      message: `Not enough ${contact}`,
    });
  });
});

it('shows cents as yuan', () => {
  expect(formatYuan(9900)).toBe('¥99.00');
  expect(formatYuan(5)).toBe('¥0.05');
});
