import { describe, expect, it } from 'vitest';
import {
  adminRedirect,
  afterLoginPath,
  mainSiteOnlyRedirect,
  managementRedirect,
  roleLabelKey,
  safeRedirect,
  userCenterRedirect,
} from './guards';

const free = { hasToken: false, rank: 'FREE', role: null } as const;
const normal = { hasToken: true, rank: 'REGISTER', role: 2 } as const;
const manager = { hasToken: true, rank: 'REGISTER', role: 1 } as const;
const admin = { hasToken: true, rank: 'REGISTER', role: 0 } as const;

describe('area guards', () => {
  it('sends free users from the user center to the engine page', () => {
    expect(userCenterRedirect(free)).toBe('/');
    expect(userCenterRedirect({ ...normal, rank: 'FREE' })).toBe('/');
    expect(userCenterRedirect(normal)).toBeNull();
  });

  it('lets only ADMIN and MANAGER into the admin area', () => {
    expect(adminRedirect(free)).toBe('/403');
    expect(adminRedirect(normal)).toBe('/403');
    expect(adminRedirect(manager)).toBeNull();
    expect(adminRedirect(admin)).toBeNull();
  });

  it('hides member pages from NORMAL users of non-main sites only', () => {
    expect(mainSiteOnlyRedirect(normal, false)).toBe('/account');
    expect(mainSiteOnlyRedirect(normal, true)).toBeNull();
    expect(mainSiteOnlyRedirect(manager, false)).toBeNull();
  });

  it('sends the site account named admin from enterprise management to the user list', () => {
    expect(managementRedirect('admin', false)).toBe('/alluser');
    expect(managementRedirect('admin', true)).toBeNull();
    expect(managementRedirect('alice', false)).toBeNull();
  });
});

describe('after login', () => {
  it('admin login: non-NORMAL to /home, NORMAL to /403', () => {
    expect(afterLoginPath('admin', 0)).toBe('/home');
    expect(afterLoginPath('admin', 1)).toBe('/home');
    expect(afterLoginPath('admin', 2)).toBe('/403');
  });

  it('other logins go to the redirect when it is a local path', () => {
    expect(afterLoginPath('main', 2)).toBe('/');
    expect(afterLoginPath('site', 2, '/member')).toBe('/member');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
  });
});

describe('role labels', () => {
  it('names the four interface roles', () => {
    expect(roleLabelKey(0, true)).toBe('account.roles.superAdmin');
    expect(roleLabelKey(0, false)).toBe('account.roles.admin');
    expect(roleLabelKey(1, true)).toBe('account.roles.manager');
    expect(roleLabelKey(2, true)).toBe('account.roles.normal');
    expect(roleLabelKey(null, true)).toBe('account.roles.normal');
  });
});
