/**
 * Navigation of the three areas. An entry with a `feature` shows only when the permission map
 * from get_user_login_permission holds that key (spec section 6); entries without one are
 * shown to everybody who can see the area at all.
 */
import type { PermissionKey, PermissionMap } from '@mtp/proto';
import type { RegisteredRouter } from '@tanstack/react-router';
import type { enUS } from '../i18n/en-us';

export type AppPath = keyof RegisteredRouter['routesByPath'] & string;
export type NavLabelKey = `nav.${keyof typeof enUS.nav}`;

export type NavItem = {
  readonly to: AppPath;
  readonly labelKey: NavLabelKey;
  readonly feature?: PermissionKey;
};

export const MAIN_NAV: readonly NavItem[] = [
  { to: '/', labelKey: 'nav.text', feature: 'TextTranslation' },
  { to: '/file', labelKey: 'nav.file', feature: 'DocTranslation' },
  { to: '/picturetranslate', labelKey: 'nav.picture', feature: 'PictureTranslation' },
  { to: '/webpage', labelKey: 'nav.web', feature: 'WebTranslation' },
  { to: '/myfile', labelKey: 'nav.myFile', feature: 'MyDocuments' },
  { to: '/docScan', labelKey: 'nav.docScan', feature: 'ScanDoc' },
  { to: '/translationedit', labelKey: 'nav.postEdit', feature: 'PostEditing' },
  { to: '/mymemorybank', labelKey: 'nav.myMemory', feature: 'MyTM' },
  { to: '/mytermbank', labelKey: 'nav.myTerm', feature: 'MyTerm' },
  { to: '/publictermbank', labelKey: 'nav.publicTerm', feature: 'PublicTerm' },
  { to: '/api-doc', labelKey: 'nav.apiDoc', feature: 'APIDocument' },
  // The browser plug-in and the Office add-in; left out where the site's showAddins is false.
  { to: '/addins', labelKey: 'nav.addins' },
  { to: '/problem', labelKey: 'nav.faq' },
];

export const USER_CENTER_NAV: readonly NavItem[] = [
  { to: '/account', labelKey: 'nav.account' },
  { to: '/member', labelKey: 'nav.member' },
  { to: '/history', labelKey: 'nav.history' },
  { to: '/message', labelKey: 'nav.message' },
  { to: '/api-keys', labelKey: 'nav.apiKeys' },
];

/** Paths NORMAL users of a non-main site neither see nor may open (spec section 2). */
export const MAIN_SITE_ONLY_PATHS: readonly AppPath[] = ['/member', '/history'];

export const ADMIN_NAV: readonly NavItem[] = [
  { to: '/home', labelKey: 'nav.home' },
  { to: '/alluser', labelKey: 'nav.allUser' },
  { to: '/user-data', labelKey: 'nav.userData' },
  { to: '/management', labelKey: 'nav.management', feature: 'CompanyManager' },
  { to: '/system-memorybank', labelKey: 'nav.systemMemory', feature: 'AllMyTM' },
  { to: '/all-memorybank', labelKey: 'nav.allMemory', feature: 'AllMyTM' },
  { to: '/system-termbank', labelKey: 'nav.systemTerm', feature: 'AllMyTerm' },
  { to: '/all-temtermbank', labelKey: 'nav.allTerm', feature: 'AllMyTerm' },
  { to: '/system-publictermbank', labelKey: 'nav.systemPublicTerm', feature: 'AllMyTerm' },
  { to: '/ordermanagement', labelKey: 'nav.orders', feature: 'OrderManager' },
  { to: '/systemlog', labelKey: 'nav.systemLog', feature: 'SystemLog' },
  { to: '/traffic', labelKey: 'nav.traffic', feature: 'TrafficManagement' },
  // Staff who keep the system memories the reports feed; a manager sees their site's (the server scopes it).
  { to: '/error-reports', labelKey: 'nav.errorReports', feature: 'AllMyTM' },
  // Every key for the platform administrator, a site's for its manager (the server scopes it).
  { to: '/app-keys', labelKey: 'nav.appKeys' },
  { to: '/stats', labelKey: 'nav.stats' },
  { to: '/device-mgr', labelKey: 'nav.devices', feature: 'DeviceManagement' },
  { to: '/set-editor', labelKey: 'nav.editor' },
  { to: '/backups', labelKey: 'nav.backups', feature: 'BackUp' },
];

export function visibleNavItems(items: readonly NavItem[], permissions: PermissionMap, hidden: readonly string[] = []): NavItem[] {
  return items.filter((item) => (!item.feature || permissions[item.feature] !== undefined) && !hidden.includes(item.to));
}
