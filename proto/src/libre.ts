/**
 * The LibreTranslate-compatible API (issue 20; ARCHITECTURE: `/translate`, `/detect`,
 * `/languages`, `/translate_file`, `/frontend/settings` at the root, as its clients expect).
 * Field names, shapes and defaults are LibreTranslate's own (libretranslate/app.py), so its web
 * page and client libraries work unchanged. Bodies come as JSON, urlencoded or multipart forms
 * (the page sends FormData): every field may therefore arrive as a string.
 */
import { Type, type Static } from 'typebox';
import type { LocalizedText } from './app-error';

/** LibreTranslate's codes of our languages; `zh` also read as `zh-Hans` / `zh-CN`, any case. */
export const LIBRE_LANGUAGES = ['zh', 'en', 'ja', 'ko', 'ru'] as const;
export type LibreLanguage = (typeof LIBRE_LANGUAGES)[number];

const LangField = (description: string, example: string) => Type.String({ description, examples: [example] });

/**
 * `q` is a string or an array of strings. The gateway's validator coerces types ('array' mode),
 * so within this anyOf `["a"]` becomes `"a"`: the route notes whether q came as an array before
 * validation (that decides whether the answer is a string or an array).
 */
const QField = Type.Union([Type.String({ minLength: 1 }), Type.Array(Type.String(), { minItems: 1 })], {
  description: 'Text to translate, or an array of texts (answered as an array, in order)',
  examples: ['Hello world!'],
});

const ApiKeyField = Type.Optional(
  Type.String({
    description:
      'API key `<app_id>:<app_secret>` (user center, API keys); empty or absent: a free visitor, paying from the trial quota of their address',
  }),
);

export const LibreTranslateBody = Type.Object({
  q: QField,
  source: LangField('Source language code, or `auto` to detect it', 'en'),
  target: LangField('Target language code', 'zh'),
  format: Type.Optional(
    Type.String({ description: '`text` (default) or `html` (tags and attributes kept, the text between them translated)' }),
  ),
  alternatives: Type.Optional(
    Type.Integer({ minimum: 0, description: 'Accepted; this server has no alternative translations and answers `[]`' }),
  ),
  api_key: ApiKeyField,
});
export type LibreTranslateBody = Static<typeof LibreTranslateBody>;

export const LibreDetection = Type.Object({
  confidence: Type.Number({ minimum: 0, maximum: 100, description: 'Confidence, 0-100' }),
  language: Type.String({ description: 'Language code' }),
});
export type LibreDetection = Static<typeof LibreDetection>;

export const LibreTranslateAnswer = Type.Object({
  translatedText: Type.Union([Type.String(), Type.Array(Type.String())]),
  detectedLanguage: Type.Optional(
    Type.Union([LibreDetection, Type.Array(LibreDetection)], { description: 'Only when `source` was `auto`' }),
  ),
  alternatives: Type.Optional(Type.Union([Type.Array(Type.String()), Type.Array(Type.Array(Type.String()))])),
});
export type LibreTranslateAnswer = Static<typeof LibreTranslateAnswer>;

export const LibreDetectBody = Type.Object({
  q: Type.String({ minLength: 1, description: 'Text whose language to detect' }),
  api_key: ApiKeyField,
});
export type LibreDetectBody = Static<typeof LibreDetectBody>;
export const LibreDetectAnswer = Type.Array(LibreDetection);

export const LibreLanguageItem = Type.Object({
  code: Type.String({ description: 'Language code' }),
  name: Type.String({ description: "Language name (in the caller's Accept-Language)" }),
  targets: Type.Array(Type.String(), { description: 'Codes it can be translated into on this server' }),
});
export const LibreLanguageList = Type.Array(LibreLanguageItem);
export type LibreLanguageList = Static<typeof LibreLanguageList>;

const CodeName = Type.Object({ code: Type.String(), name: Type.String() });
export const LibreFrontendSettings = Type.Object({
  charLimit: Type.Integer({ description: 'Characters per text (-1: none)' }),
  frontendTimeout: Type.Integer({ description: 'Milliseconds the page waits after typing before it translates' }),
  apiKeys: Type.Boolean({ description: 'Whether API keys exist on this server' }),
  keyRequired: Type.Boolean({ description: 'Whether every call needs a key (no: free visitors translate from a trial quota)' }),
  suggestions: Type.Boolean({ description: 'Whether /suggest takes corrections' }),
  filesTranslation: Type.Boolean(),
  supportedFilesFormat: Type.Array(Type.String(), { description: 'File extensions /translate_file takes, with the dot' }),
  language: Type.Object({ source: CodeName, target: CodeName }),
});
export type LibreFrontendSettings = Static<typeof LibreFrontendSettings>;

export const LibreSuggestBody = Type.Object({
  q: Type.Optional(Type.String()),
  s: Type.Optional(Type.String()),
  source: Type.Optional(Type.String()),
  target: Type.Optional(Type.String()),
  api_key: ApiKeyField,
});

/** `/translate_file` is multipart: `file`, `source`, `target`, `api_key` (documented, read by hand). */
export const LibreTranslateFileForm = Type.Object({
  file: Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'The document' }),
  source: LangField('Source language code, or `auto`', 'en'),
  target: LangField('Target language code', 'zh'),
  api_key: Type.String({ description: 'API key `<app_id>:<app_secret>` (documents need one)' }),
});
export const LibreTranslateFileAnswer = Type.Object({
  translatedFileUrl: Type.String({ description: 'Where the translated file downloads (GET, no key needed: the id is unguessable)' }),
});
export type LibreTranslateFileAnswer = Static<typeof LibreTranslateFileAnswer>;

export const LibreDownloadParams = Type.Object({
  id: Type.String({ format: 'uuid', description: 'The file (project) id' }),
  name: Type.String({ description: 'The file name (for the browser; the id decides)' }),
});

export const LibreError = Type.Object({ error: Type.String({ description: "What went wrong, in the caller's language" }) });

/** LibreTranslate's own messages (its wording in English); `{x}` is filled in. */
export const LIBRE_MESSAGES = {
  invalidApiKey: { en_US: 'Invalid API key', zh_CN: 'API 密钥无效' },
  missing: { en_US: 'Invalid request: missing {x} parameter', zh_CN: '请求无效：缺少参数 {x}' },
  invalidParam: { en_US: 'Invalid request: {x} parameter is not valid', zh_CN: '请求无效：参数 {x} 不正确' },
  invalidJson: { en_US: 'Invalid JSON format', zh_CN: 'JSON 格式无效' },
  notSupported: { en_US: '{x} is not supported', zh_CN: '不支持 {x}' },
  formatNotSupported: { en_US: '{x} format is not supported', zh_CN: '不支持 {x} 格式' },
  tooLong: { en_US: 'Invalid request: request ({x}) exceeds text limit', zh_CN: '请求无效：文本长度（{x}）超出限制' },
  slowdown: { en_US: 'Slowdown:', zh_CN: '请放慢速度：' },
  keyNeeded: {
    en_US: 'Translating files needs an API key: create one in the user center (API keys)',
    zh_CN: '翻译文件需要 API 密钥：请在用户中心（API 密钥）创建',
  },
  suggestionsDisabled: { en_US: 'Suggestions are disabled on this server.', zh_CN: '本服务器未开启翻译建议。' },
  filesUnavailable: { en_US: 'Files translation are disabled on this server.', zh_CN: '本服务器未开启文件翻译。' },
  fileSourceNeeded: {
    en_US: 'Choose the source language: the language of a file is not detected (auto)',
    zh_CN: '请选择源语言：文件不支持自动检测语言',
  },
  fileNotReady: {
    en_US: 'The file is still being translated; please try again in a moment',
    zh_CN: '文件仍在翻译中，请稍后再试',
  },
} as const satisfies Record<string, LocalizedText>;
export type LibreMessage = keyof typeof LIBRE_MESSAGES;
