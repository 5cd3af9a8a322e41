/**
 * /management rendered through the real router against the fake gateway (enterprise calls from
 * fake-company.ts), and the pure rules of the enterprise form.
 */
import { describe, expect, it } from 'vitest';
import { loginAs, withAdminPageSession } from '../../../test-utils/admin-page-session';
import { changeLang } from '../../../i18n';
import { renderRoute } from '../../../test-utils/render-route';
import { bodyOf, checkForm, emptyForm, expiryOf, formOf, logoTooLarge } from './enterprise-form';
import { createCompanyGateway, fakeEnterprise } from './fake-company';

withAdminPageSession();

function serve() {
  const gateway = createCompanyGateway();
  globalThis.fetch = gateway.fetch as typeof fetch;
  return gateway;
}

describe('/management', () => {
  it('lists the first ten enterprises with their state, search, pages and the create button', async () => {
    const gateway = serve();
    loginAs('admin');
    const page = await renderRoute('/management');
    expect(page.pathname).toBe('/management');
    expect(page.testIds).toEqual(
      expect.arrayContaining(['management-page', 'enterprise-search', 'enterprise-create', 'enterprise-table', 'enterprise-pages']),
    );
    expect(page.testIds).not.toContain('feature-placeholder');
    expect(gateway.requests.map((r) => r.url)).toContain('/api/v1.0/company/list?page_size=10&page=1');
    expect([...page.html.matchAll(/data-testid="enterprise-row"/g)]).toHaveLength(10);
    expect(page.html).toContain('data-code="co-1"');
    expect(page.html).toContain('boss1@example.com');
    expect(page.html).toMatch(/data-code="co-3"[\s\S]*?Disabled/);
  });

  it('speaks Chinese', async () => {
    serve();
    loginAs('admin');
    await changeLang('zh_CN');
    const page = await renderRoute('/management');
    expect(page.html).toContain('企业管理');
    expect(page.html).toContain('新建企业');
    expect(page.html).toContain('已停用');
  });

  it('is closed to ordinary users', async () => {
    serve();
    loginAs('normal');
    expect((await renderRoute('/management')).pathname).toBe('/403');
  });
});

describe('the enterprise form', () => {
  it('starts from the suggested code and the default cap of 30', () => {
    const form = emptyForm('ent-abc123');
    expect(form).toMatchObject({ code: 'ent-abc123', user_cap: '30', sub_site: false, expires: '' });
    expect(form.settings.showAddins).toBe(true);
  });

  it('names each bad field: name, code pattern, reserved code, account, cap, parent', () => {
    const good = { ...emptyForm('acme'), name: '爱克米', manager_account: 'boss@acme.com' };
    expect(checkForm(good)).toEqual({});
    expect(checkForm({ ...good, name: ' ' }).name).toBe('enterprise.nameRequired');
    for (const code of ['a', '-ab', 'has space', 'x'.repeat(31), '中文'])
      expect(checkForm({ ...good, code }).code).toBe('enterprise.codeInvalid');
    expect(checkForm({ ...good, code: 'Login' }).code).toBe('enterprise.codeReserved');
    expect(checkForm({ ...good, manager_account: '' }).manager_account).toBe('enterprise.accountRequired');
    for (const user_cap of ['-1', '1.5', 'x', '100001']) expect(checkForm({ ...good, user_cap }).user_cap).toBe('enterprise.capInvalid');
    expect(checkForm({ ...good, sub_site: true }).parent_site_id).toBe('enterprise.noParent');
  });

  it('sends every field, the expiry at the end of the chosen day, the parent only for a sub-site', () => {
    const v = {
      ...emptyForm('Acme'),
      name: ' 爱克米 ',
      manager_account: 'boss@acme.com',
      user_cap: '12',
      expires: '2027-03-01',
      parent_site_id: '5',
    };
    expect(bodyOf(v, null)).toMatchObject({
      name: '爱克米',
      code: 'Acme',
      manager_account: 'boss@acme.com',
      user_cap: 12,
      expires_at: '2027-03-01T23:59:59.000Z',
      parent_site_id: null,
    });
    expect(bodyOf({ ...v, sub_site: true }, 9)).toMatchObject({ site_id: 9, parent_site_id: 5 });
    expect(expiryOf('')).toBeNull();
  });

  it('edits what the server answered', () => {
    const form = formOf(fakeEnterprise(1, { parent_site_id: 7, expires_at: null }));
    expect(form).toMatchObject({ code: 'co-1', sub_site: true, parent_site_id: '7', expires: '', manager_account: 'boss1@example.com' });
  });

  it('refuses a logo over 2 MB before sending it', () => {
    expect(logoTooLarge(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png'))).toBe(true);
    expect(logoTooLarge(new File([new Uint8Array(10)], 'small.png'))).toBe(false);
    expect(logoTooLarge(null)).toBe(false);
  });
});
