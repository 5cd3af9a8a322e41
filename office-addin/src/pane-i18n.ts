/**
 * The pane's two interface languages. Office tells us its display language
 * (`Office.context.displayLanguage`, e.g. "zh-CN"); outside Office the browser's language decides.
 */
export type UiLang = 'zh_CN' | 'en_US';

const EN = {
  title: 'MT Platform Translator',
  signInTitle: 'Sign in',
  withKey: 'API key',
  withAccount: 'Account',
  apiKey: 'API key',
  apiKeyHint: 'Create one on the API keys page of this site.',
  account: 'Account (e-mail or phone)',
  password: 'Password',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  signOut: 'Sign out',
  signedInWithKey: 'Signed in with an API key',
  signedInAs: 'Signed in as {account}',
  from: 'From',
  to: 'To',
  swap: 'Swap languages',
  translateSelection: 'Translate selection',
  translateDocument: 'Translate document',
  translateCells: 'Translate selected cells',
  stop: 'Stop',
  reading: 'Reading the document…',
  progress: 'Translated {done} of {total}',
  writing: 'Writing the translation…',
  doneParagraphs: 'Done: {count} paragraphs translated.',
  doneCells: 'Done: {count} cells translated.',
  skippedPictures: '{count} paragraphs with pictures were left as they were.',
  nothingToTranslate: 'Nothing to translate: select some text (or cells with text) first.',
  stopped: 'Stopped. Nothing was changed in the document.',
  notInOffice: 'Open this pane from Word or Excel (Home tab > Translate).',
  unsupportedHost: 'This pane works in Word and Excel.',
  needsCredentials: 'Enter your API key, or your account and password.',
  sameLanguages: 'Choose two different languages.',
  networkError: 'The server could not be reached. Check your connection and try again.',
  sessionEnded: 'Your sign-in has ended. Please sign in again.',
  officeError: 'Office could not read or change the document: {message}',
  languagesFailed: 'The language list could not be loaded.',
  auto: 'Detect language',
} as const;

export type MessageKey = keyof typeof EN;

const ZH: Record<MessageKey, string> = {
  title: 'MT 平台翻译',
  signInTitle: '登录',
  withKey: 'API 密钥',
  withAccount: '账号',
  apiKey: 'API 密钥',
  apiKeyHint: '可在本站的“API 密钥”页面创建。',
  account: '账号（邮箱或手机号）',
  password: '密码',
  signIn: '登录',
  signingIn: '正在登录…',
  signOut: '退出登录',
  signedInWithKey: '已用 API 密钥登录',
  signedInAs: '已登录：{account}',
  from: '源语言',
  to: '目标语言',
  swap: '交换语言',
  translateSelection: '翻译所选内容',
  translateDocument: '翻译整篇文档',
  translateCells: '翻译所选单元格',
  stop: '停止',
  reading: '正在读取文档…',
  progress: '已翻译 {done} / {total}',
  writing: '正在写入译文…',
  doneParagraphs: '完成：已翻译 {count} 个段落。',
  doneCells: '完成：已翻译 {count} 个单元格。',
  skippedPictures: '{count} 个含图片的段落保持原样。',
  nothingToTranslate: '没有可翻译的内容：请先选择文字（或含文字的单元格）。',
  stopped: '已停止，文档未作任何修改。',
  notInOffice: '请在 Word 或 Excel 中打开本窗格（“开始”选项卡 > “翻译”）。',
  unsupportedHost: '本窗格适用于 Word 和 Excel。',
  needsCredentials: '请输入 API 密钥，或账号和密码。',
  sameLanguages: '请选择两种不同的语言。',
  networkError: '无法连接服务器，请检查网络后重试。',
  sessionEnded: '登录已失效，请重新登录。',
  officeError: 'Office 无法读取或修改文档：{message}',
  languagesFailed: '无法加载语言列表。',
  auto: '自动检测',
};

const LANGUAGE_NAMES: Record<UiLang, Record<string, string>> = {
  en_US: {
    'zh-cn': 'Chinese (Simplified)',
    'en-us': 'English',
    ja: 'Japanese',
    ko: 'Korean',
    ru: 'Russian',
    fr: 'French',
    de: 'German',
    es: 'Spanish',
  },
  zh_CN: { 'zh-cn': '简体中文', 'en-us': '英语', ja: '日语', ko: '韩语', ru: '俄语', fr: '法语', de: '德语', es: '西班牙语' },
};

/** zh_CN for any Chinese display language, en_US otherwise. */
export function uiLangOf(displayLanguage: string | undefined): UiLang {
  return /^zh\b/i.test(displayLanguage ?? '') ? 'zh_CN' : 'en_US';
}

export function translator(lang: UiLang) {
  const table: Record<MessageKey, string> = lang === 'zh_CN' ? ZH : EN;
  return (key: MessageKey, vars: Record<string, string | number> = {}) =>
    table[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export type Translate = ReturnType<typeof translator>;

/** A language code's name in the interface language; an unknown code shows as itself. */
export function languageName(lang: UiLang, code: string): string {
  return LANGUAGE_NAMES[lang][code] ?? code;
}
