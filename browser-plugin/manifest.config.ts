/**
 * The Manifest V3 of the plug-in (README "Permissions"): every string through `_locales`, the
 * content script on every http(s) page (the screen-word pop-up must be there before a selection),
 * and host permissions for any http(s) server because the platform is self-hosted at an address
 * the user types after installing.
 */
import { defineManifest } from '@crxjs/vite-plugin';
import pkg from './package.json' with { type: 'json' };

export default defineManifest({
  manifest_version: 3,
  name: '__MSG_extName__',
  description: '__MSG_extDescription__',
  version: pkg.version,
  default_locale: 'en',
  minimum_chrome_version: '116',
  icons: { 16: 'icons/icon-16.png', 32: 'icons/icon-32.png', 48: 'icons/icon-48.png', 128: 'icons/icon-128.png' },
  permissions: ['storage', 'contextMenus'],
  host_permissions: ['http://*/*', 'https://*/*'],
  background: { service_worker: 'src/background/service-worker.ts', type: 'module' },
  action: {
    default_popup: 'src/popup/popup.html',
    default_title: '__MSG_extName__',
    default_icon: { 16: 'icons/icon-16.png', 32: 'icons/icon-32.png' },
  },
  options_ui: { page: 'src/options/options.html', open_in_tab: true },
  content_scripts: [{ matches: ['http://*/*', 'https://*/*'], js: ['src/content/content.ts'], run_at: 'document_idle' }],
  commands: {
    'translate-page': { suggested_key: { default: 'Alt+Shift+T' }, description: '__MSG_commandTranslate__' },
  },
});
