import { describe, expect, it } from 'vitest';
import { ROLES, permissionMap } from '@mtp/proto';
import { ADMIN_NAV, MAIN_NAV, USER_CENTER_NAV, visibleNavItems } from './nav-items';

const paths = (items: { to: string }[]) => items.map((i) => i.to);

describe('visibleNavItems', () => {
  it('shows a free visitor only the public features', () => {
    const perms = permissionMap({ role: null, siteDoCat: false, siteHidePicture: false });
    expect(paths(visibleNavItems(MAIN_NAV, perms))).toEqual([
      '/',
      '/file',
      '/picturetranslate',
      '/webpage',
      '/publictermbank',
      '/api-doc',
      '/addins',
      '/problem',
    ]);
  });

  it('follows the site switches through the permission map', () => {
    const perms = permissionMap({ role: ROLES.NORMAL, siteDoCat: false, siteHidePicture: true });
    const visible = paths(visibleNavItems(MAIN_NAV, perms));
    expect(visible).toContain('/myfile');
    expect(visible).not.toContain('/picturetranslate');
    expect(visible).not.toContain('/translationedit');
  });

  it("hides enterprise management and the platform's operations from a MANAGER", () => {
    const perms = permissionMap({ role: ROLES.MANAGER, siteDoCat: true, siteHidePicture: false });
    const visible = paths(visibleNavItems(ADMIN_NAV, perms));
    for (const path of ['/management', '/traffic', '/device-mgr', '/backups']) expect(visible).not.toContain(path);
    expect(visible).toContain('/systemlog');
    expect(visible).toContain('/stats');
    // The keys list is the server's to scope: a manager sees their own site's.
    expect(visible).toContain('/app-keys');
    const admin = paths(visibleNavItems(ADMIN_NAV, permissionMap({ role: ROLES.ADMIN, siteDoCat: true, siteHidePicture: false })));
    expect(admin).toEqual(expect.arrayContaining(['/management', '/traffic', '/device-mgr', '/backups']));
  });

  it('gives every signed-in user their API keys in the user center', () => {
    expect(
      paths(visibleNavItems(USER_CENTER_NAV, permissionMap({ role: ROLES.NORMAL, siteDoCat: false, siteHidePicture: false }))),
    ).toContain('/api-keys');
  });

  it('drops explicitly hidden paths', () => {
    expect(paths(visibleNavItems(MAIN_NAV, {}, ['/problem']))).toEqual(['/addins']);
    // A site with showAddins false hides the add-ins page this way (routes/main-routes.tsx).
    expect(paths(visibleNavItems(MAIN_NAV, {}, ['/addins']))).toEqual(['/problem']);
  });
});
