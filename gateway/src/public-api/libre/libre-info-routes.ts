/**
 * What LibreTranslate's page loads first (`GET /frontend/settings`, `GET /languages`) and the
 * suggestion call it offers when suggestions are on (`POST /suggest`). None of them needs a key
 * (LibreTranslate exempts the first two from its limits and checks no key on /suggest).
 */
import {
  DOC_EXTENSIONS,
  LANGUAGE_NAMES,
  LibreError as LibreErrorSchema,
  LibreFrontendSettings,
  LibreLanguageList,
  LibreSuggestBody,
  LIMITS,
  type LanguageCode,
} from '@mtp/proto';
import type { TextJobDeps } from '@mtp/tasks';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LibreError, libreMessage } from './libre-errors';
import { LIBRE_CODE, libreLanguages } from './libre-languages';

/** LibreTranslate's default: the page waits this long after the last key before it translates. */
const FRONTEND_TIMEOUT_MS = 500;

const AUTO_DETECT = { en_US: 'Auto Detect', zh_CN: '自动检测' } as const;

export const libreInfoRoutes: FastifyPluginAsyncTypebox<{ deps: TextJobDeps; filesTranslation: boolean }> = async (
  app,
  { deps, filesTranslation },
) => {
  const languages = {
    schema: {
      summary: 'Supported languages (LibreTranslate)',
      description:
        "LibreTranslate's `/languages`: `[{code, name, targets}]`, the languages an engine serves now, names in the caller's Accept-Language. `auto` is not listed (any source may be `auto`).",
      response: { 200: LibreLanguageList },
    },
  };
  app.get('/languages', languages, async (req) => libreLanguages(deps.mt, req.lang));
  // LibreTranslate serves /languages on GET only; some clients POST it (with an api_key): same answer.
  app.post('/languages', languages, async (req) => libreLanguages(deps.mt, req.lang));

  app.get(
    '/frontend/settings',
    {
      schema: {
        summary: 'Settings of the translation page (LibreTranslate)',
        description:
          "LibreTranslate's `/frontend/settings`, as its page reads them. Keys exist (`apiKeys`) but are not required: without one, text is translated from the free trial quota of the caller's address; files need a key. No suggestions, no alternatives. The default target is the caller's interface language, as LibreTranslate's `locale` default.",
        response: { 200: LibreFrontendSettings },
      },
    },
    async (req) => {
      const target: LanguageCode = req.lang === 'zh_CN' ? 'zh-cn' : 'en-us';
      return {
        charLimit: LIMITS.textChars,
        frontendTimeout: FRONTEND_TIMEOUT_MS,
        apiKeys: true,
        keyRequired: false,
        suggestions: false,
        filesTranslation,
        supportedFilesFormat: filesTranslation ? DOC_EXTENSIONS.map((ext) => `.${ext}`) : [],
        language: {
          source: { code: 'auto', name: AUTO_DETECT[req.lang] },
          target: { code: LIBRE_CODE[target], name: LANGUAGE_NAMES[target][req.lang] },
        },
      };
    },
  );

  app.post(
    '/suggest',
    {
      schema: {
        summary: 'Suggest a better translation (LibreTranslate; off here)',
        description: `Suggestions are off on this server (\`/frontend/settings\` says \`suggestions: false\`): 403 \`{"error": "${libreMessage('suggestionsDisabled', 'en_US')}"}\`, as LibreTranslate answers when they are off. Report a bad translation through the native error-report call instead.`,
        body: LibreSuggestBody,
        response: { 403: LibreErrorSchema },
      },
    },
    async () => {
      throw new LibreError(403, 'suggestionsDisabled');
    },
  );
};
