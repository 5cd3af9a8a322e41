/** App keys of the public API (issue 20): credentials, tokens and who a request is. */
export { createAppKey, findAppKey, listAppKeys, revokeAppKey, MAX_LIVE_APP_KEYS, APP_KEY_NAME_MAX } from './app-key-store';
export type { AppKeyList, AppKeyRow, CreatedAppKey } from './app-key-store';
export { issueAppToken, authenticateAppToken, authenticateApiKey, type ApiCaller } from './app-key-auth';
export { API_CALLER_CACHE_MS } from './api-caller-cache';
export { parseApiKey } from './app-key-secrets';
