/**
 * The one table of response codes (spec section 8). Every answer carries one of these in its
 * envelope; `http` is the HTTP status it travels with (200 unless the spec uses a status), and
 * each message exists in both interface languages so the server answers in the caller's.
 */
export type UiLang = 'zh_CN' | 'en_US';

export type ErrorEntry = {
  readonly code: number;
  readonly http: number;
  readonly zh_CN: string;
  readonly en_US: string;
};

const entry = (code: number, http: number, zh_CN: string, en_US: string): ErrorEntry => ({
  code,
  http,
  zh_CN,
  en_US,
});

export const CODES = {
  OK: entry(20000, 200, '成功', 'Success'),

  // Request validation (spec section 5). The gateway answers these before any domain work.
  INVALID_PARAMS: entry(40000, 200, '参数错误', 'Invalid parameters'),
  ACCOUNT_INVALID: entry(40010, 200, '请输入正确的邮箱或手机号', 'Please enter a valid e-mail address or mobile number'),
  USERNAME_REQUIRED: entry(40011, 200, '请输入用户名', 'Please enter a username'),
  USERNAME_TOO_LONG: entry(40012, 200, '最多允许输入20个字符，请重新输入', 'No more than 20 characters are allowed. Please re-enter.'),
  PASSWORD_INVALID: entry(
    40013,
    200,
    '密码须为6-16位，且包含字母和数字',
    'The password must be 6-16 characters and contain letters and digits',
  ),
  TERMS_NOT_AGREED: entry(40014, 200, '请先阅读并同意用户条款', 'Please read and agree to the user terms first'),
  PASSWORD_UNREADABLE: entry(
    40015,
    200,
    '密码无法解密，请刷新页面后重试',
    'The password could not be decrypted; please reload the page and try again',
  ),
  SAME_LANGUAGE: entry(40016, 200, '源语言和目标语言不能相同', 'Please select the same source language'),
  URL_INVALID: entry(40017, 200, 'URL不正确', 'URL incorrect'),
  NAME_REQUIRED: entry(40018, 200, '请输入名称', 'Please enter a name.'),
  CONTENT_INVALID: entry(40019, 200, '内容无效，请重新输入', 'Invalid content. Please re-enter.'),

  // Accounts.
  ACCOUNT_NOT_FOUND: entry(40020, 200, '账号不存在', 'Account does not exist'),
  PASSWORD_WRONG: entry(40021, 200, '密码错误', 'Incorrect password'),
  ACCOUNT_DEACTIVATED: entry(40022, 200, '账号未激活', 'Account not activated'),
  ACCOUNT_EXISTS: entry(40023, 200, '该账号已注册', 'This account is already registered'),
  CODE_INVALID: entry(40024, 200, '验证码错误或已过期', 'The verification code is wrong or has expired'),
  CAPTCHA_INVALID: entry(40025, 200, '图形验证码错误或已过期', 'The image code is wrong or has expired'),
  CODE_TOO_FREQUENT: entry(40026, 200, '发送过于频繁，请稍后再试', 'Codes are sent too often; please try again later'),
  SITE_NOT_FOUND: entry(40027, 200, '站点不存在', 'Site does not exist'),
  SITE_NOT_ACTIVATED: entry(40028, 200, '站点未激活', 'Site not activated'),
  ACCOUNT_UNCHANGED: entry(40029, 200, '新账号与当前账号相同', 'The new account is the same as the current one'),
  SITE_CODE_TAKEN: entry(40030, 200, '站点编码已被使用', 'This site code is already in use'),
  ACCOUNT_NOT_VERIFIED: entry(40032, 200, '请先验证当前账号', 'Please verify your current account first'),
  LANGUAGE_UNDETECTED: entry(40033, 200, '无法识别源语言，请选择源语言', 'The source language could not be detected; please choose it'),
  PAIR_UNAVAILABLE: entry(40034, 200, '该语言方向暂不可用', 'This language pair is not available on this server'),
  // User administration (issue 18): pre-activated accounts, the enterprise member cap, imports.
  PASSWORD_CHANGE_REQUIRED: entry(40060, 200, '首次登录请设置新密码', 'Please set a new password for your first sign-in'),
  PASSWORD_UNCHANGED: entry(40061, 200, '新密码不能与当前密码相同', 'The new password must differ from the current one'),
  USER_CAP_REACHED: entry(40062, 200, '已达到企业成员上限', 'The member limit of this enterprise has been reached'),
  IMPORT_FILE_INVALID: entry(
    40063,
    200,
    '请上传 XLSX 或 CSV 文件（列：account、username、password）',
    'Please upload an XLSX or CSV file (columns: account, username, password)',
  ),
  TRANSLATION_FAILED: entry(50010, 200, '翻译失败，请稍后重试', 'Translation failed, please try again later'),
  LOGO_INVALID: entry(
    40031,
    200,
    '请上传不超过2MB、4096×4096像素的PNG或JPG图片',
    'Please upload a PNG or JPG image of at most 2MB and 4096x4096 pixels',
  ),

  // HTTP-status answers the client reacts to (spec section 8).
  UNAUTHORIZED: entry(40100, 401, '登录凭证已过期，请重新登录', 'Login credentials have expired, please log in again'),
  LOGGED_IN_ELSEWHERE: entry(40300, 403, '您的账号已在别处登录', 'Your account has been logged in elsewhere'),
  NOT_FOUND: entry(40400, 404, '请求的资源不存在', 'The requested resource does not exist'),
  TOO_FREQUENT: entry(42900, 429, '访问过于频繁', 'Access too frequent'),
  SERVER_ERROR: entry(50000, 500, '服务器错误', 'Server error'),

  // Metrics (issue 19, 44041-44049): GET /metrics from an address not allowed, without the metrics token.
  METRICS_FORBIDDEN: entry(44041, 403, '无权读取监控指标', 'Not allowed to read the metrics'),

  // Quota, sites, permissions, plans.
  CHARS_NOT_ENOUGH: entry(41005, 200, '字符不足，请购买字符包', 'Not enough characters; please buy a character package'),
  SITE_DISABLED: entry(
    41007,
    200,
    '企业站点已停用，请联系销售续费',
    'The enterprise site has been disabled, please contact sales to renew',
  ),
  NO_PERMISSION: entry(42000, 200, '没有权限', 'No permission'),
  PLAN_LIMIT: entry(42005, 200, '已达到当前套餐的上限', 'The limit of your current plan has been reached'),

  // Orders and payment (spec sections 4, 8): a purchase the dialog would not offer is refused by the server too.
  ORDER_NOT_FOUND: entry(43001, 200, '订单不存在', 'The order does not exist'),
  ORDER_NOT_PAID: entry(43002, 200, '订单未支付！', 'Order not paid!'),
  PURCHASE_NOT_ALLOWED: entry(43003, 200, '当前套餐不能购买该商品', 'This purchase is not available with your current plan'),
  ENTERPRISE_SALES_ONLY: entry(43004, 200, '企业版请联系销售购买', 'The enterprise plan is sold through our sales team; please contact us'),
  BILLING_DISABLED: entry(43005, 200, '本平台未开放购买', 'Purchases are not available on this platform'),
  PAYMENT_NOTIFY_INVALID: entry(43006, 200, '支付通知无效', 'Invalid payment notification'),
  PACKAGE_NEEDS_PLAN: entry(
    43007,
    200,
    '字符包需要有效套餐，请先购买或续费套餐',
    'A character package needs a live plan: buy or renew a plan first',
  ),

  // Traffic limits (issue 19, 44001-44009): the frequency and login limits an administrator sets.
  TRAFFIC_OVERRIDE_NOT_FOUND: entry(44001, 200, '该限制不存在', 'There is no such limit'),
  TRAFFIC_LIMIT_OUT_OF_RANGE: entry(44002, 200, '限制数值超出允许范围', 'The limit is outside the allowed range'),

  // App keys of the public API (issue 20, 44051-44059): the user center's keys page.
  APP_KEY_LIMIT: entry(
    44051,
    200,
    '最多可同时拥有20个有效密钥，请先吊销不用的密钥',
    'At most 20 live keys: revoke one you no longer use first',
  ),
  APP_KEY_NOT_FOUND: entry(44052, 200, '密钥不存在', 'The key does not exist'),

  // Backups (issue 19, 44021-44029): the /backups page's archives, restores and schedule.
  BACKUP_NOT_FOUND: entry(44021, 200, '备份不存在', 'The backup does not exist'),
  BACKUP_BUSY: entry(44022, 200, '备份或恢复正在进行，请稍后再试', 'A backup or restore is running; please try again later'),
  BACKUP_NOT_RESTORABLE: entry(44023, 200, '只能使用已完成的备份', 'Only a finished backup can be used'),
  BACKUP_CONFIRM_MISMATCH: entry(44024, 200, '确认内容与备份名称不一致', 'The confirmation does not match the backup name'),
  BACKUP_SCHEDULE_INVALID: entry(44025, 200, '定时计划格式不正确', 'The schedule is not a valid cron expression'),

  // Devices (issue 19, 44011-44019): enterprise pools and device settings.
  DEVICE_POOL_OFFLINE: entry(
    44011,
    200,
    '您企业的专用翻译设备暂时离线，请稍后重试',
    "Your enterprise's dedicated translation devices are offline right now; please try again later",
  ),
  DEVICE_NOT_FOUND: entry(44012, 200, '设备不存在', 'The device does not exist'),
  DEVICE_POOL_MT_ONLY: entry(44013, 200, '只有翻译设备可以分配给企业', 'Only translation (MT) devices can be assigned to an enterprise'),
  DEVICE_ONLINE: entry(44014, 200, '设备在线，不能删除', 'The device is online and cannot be deleted'),

  // File translation (spec section 8: 1201/1202 conversion or parse failures, then the rest).
  FILE_CONVERT_FAILED: entry(1201, 200, '文件转换失败', 'File conversion failed'),
  FILE_PARSE_FAILED: entry(1202, 200, '文件解析失败', 'File parsing failed'),
  FILE_TRANSLATION_FAILED: entry(1203, 200, '翻译失败，请重新上传', 'Translation failed, upload again'),
  FILE_ENCRYPTED: entry(1204, 200, '加密文件无法翻译，请先解密', 'Confidential file rejected: please decrypt it first'),
  // The message names what is taken (DOC_EXTENSIONS, checked by a test), so the user knows what to send instead.
  FILE_FORMAT_UNKNOWN: entry(
    1205,
    200,
    '未知的文件格式，支持的格式：docx、doc、odt、pptx、ppt、odp、xlsx、xls、ods、pdf、txt、html、srt、xliff',
    'Unknown file format. Supported formats: docx, doc, odt, pptx, ppt, odp, xlsx, xls, ods, pdf, txt, html, srt, xliff',
  ),
  FILE_TOO_LARGE: entry(1206, 200, '文件过大', 'File too large'),
  FILE_EXPIRED: entry(1207, 200, '文件已过期', 'File expired'),
  FILE_REQUIRED: entry(1208, 200, '请上传文件', 'Please upload a file.'),
  DOC_INTERRUPTED: entry(1210, 200, '翻译任务已中断', 'The translation task has been interrupted'),
  FILE_TOO_MANY: entry(1209, 200, '文件数量超过上限（每批最多 5 个）', 'Too many files: at most 5 a batch'),
  // A file that opened fine but holds no text (pictures only, blank pages, an empty file): not a parse failure.
  FILE_NO_TEXT: entry(1211, 200, '文件中没有可翻译的文字', 'The file has no text to translate'),
  // Not a refusal: the note a done file carries when some sentences came back empty; `{n}` is their number.
  DOC_SEGMENTS_UNTRANSLATED: entry(
    1212,
    200,
    '{n} 个句段未能翻译，保留了原文',
    '{n} segments were not translated and keep their source text',
  ),
  // Start again (doc/retry) found no file it may run again: none interrupted, or failed for a cause a new run can cure.
  DOC_NOTHING_TO_RETRY: entry(1213, 200, '没有可以重新开始的文件', 'There is no file to start again'),

  // Statistics (/stats, issue 19): the date range of admin/stats and its export.
  STATS_RANGE_INVALID: entry(
    44031,
    200,
    '日期范围无效：开始日期须不晚于结束日期',
    'Invalid date range: the start date must not be after the end date',
  ),
  STATS_RANGE_TOO_LONG: entry(44032, 200, '日期范围过长：一次最多查询366天', 'Date range too long: at most 366 days per query'),

  // Translation error reports (issue 20, 44061-44069): the admin's /error-reports page.
  ERROR_REPORT_NOT_FOUND: entry(44061, 200, '该错误反馈不存在', 'There is no such error report'),
  ERROR_REPORT_NO_PROPOSAL: entry(44062, 200, '该反馈没有建议译文，无法加入记忆库', 'This report has no proposal to add to a memory'),
  ERROR_REPORT_PAIR_MISMATCH: entry(44063, 200, '记忆库的语言方向与该反馈不一致', "The memory's language pair is not the report's"),
  ERROR_REPORT_IN_MEMORY: entry(44064, 200, '该反馈已加入记忆库', 'This report has already been added to a memory'),

  // Post-editing (issue 21, 44071-44079): /translationedit.
  PE_FILE_NOT_READY: entry(
    44071,
    200,
    '该文档尚未翻译完成或已过期，无法进行译后编辑',
    'This document is not translated yet or has expired, so it cannot be post-edited',
  ),
  PE_SEGMENT_NOT_FOUND: entry(44072, 200, '该句段不存在', 'There is no such segment'),
  PE_STALE_REVISION: entry(
    44073,
    200,
    '该句段已在别处修改，请刷新后再编辑',
    'This segment was changed elsewhere; reload it before editing',
  ),
  PE_EXPORT_NOT_FOUND: entry(44074, 200, '导出文件不存在或已过期', 'The export does not exist or has expired'),
  PE_EXPORT_NOT_READY: entry(44075, 200, '导出文件尚未生成', 'The export is not ready yet'),
  PE_BANK_INVALID: entry(
    44076,
    200,
    '请选择语言方向一致且可写入的记忆库',
    'Choose a memory of the same language pair that you can write to',
  ),
  PE_OPEN_FAILED: entry(44077, 200, '文档暂时无法打开，请稍后再试', 'The document cannot be opened right now; please try again later'),

  // Document scan (issue 21, 44081-44089): /docScan.
  TERM_TASK_NOT_FOUND: entry(44081, 200, '该扫描任务不存在或已过期', 'The scan does not exist or has expired'),
  TERM_LANGUAGE_UNSUPPORTED: entry(44082, 200, '暂不支持该语言的术语提取', 'Term extraction does not support this language yet'),
  TERM_NOT_FOUND: entry(44083, 200, '该候选术语不存在', 'There is no such candidate term'),
  TERM_BANK_INVALID: entry(
    44084,
    200,
    '请选择语言方向一致且可写入的术语库',
    'Choose a termbase of the same language pair that you can write to',
  ),
  TERM_TASK_NOT_DONE: entry(44085, 200, '术语提取尚未完成', 'The term extraction has not finished yet'),

  // Web page translation (issue 22, 44091-44099): /webpage. Each refusal of a fetch its own code.
  WEB_URL_SCHEME: entry(44091, 200, '网址无效，仅支持 http 和 https 网页', 'Invalid URL: only http and https pages can be translated'),
  WEB_ADDRESS_PRIVATE: entry(
    44092,
    200,
    '该网址指向内网地址，无法翻译',
    'The URL points to a private network address and cannot be translated',
  ),
  WEB_ADDRESS_LOOPBACK: entry(44093, 200, '该网址指向本机地址，无法翻译', 'The URL points to a loopback address and cannot be translated'),
  WEB_ADDRESS_LINK_LOCAL: entry(
    44094,
    200,
    '该网址指向链路本地或云元数据地址，无法翻译',
    'The URL points to a link-local or cloud metadata address and cannot be translated',
  ),
  WEB_PAGE_TOO_LARGE: entry(44095, 200, '网页过大（上限 5 MB），无法翻译', 'The page is too large to translate (5 MB at most)'),
  WEB_FETCH_TIMEOUT: entry(44096, 200, '网页响应超时，请稍后再试', 'The page took too long to respond; please try again later'),
  WEB_NOT_HTML: entry(44097, 200, '该网址不是 HTML 网页', 'The URL is not an HTML page'),
  WEB_FETCH_FAILED: entry(44098, 200, '无法获取该网页，请检查网址', 'The page could not be fetched; please check the URL'),
  WEB_TASK_NOT_FOUND: entry(44099, 200, '该网页翻译任务不存在或已过期', 'The web page translation does not exist or has expired'),
  // Issue 22, 44115-44119: a URL refused before any task is made.
  WEB_URL_INVALID: entry(
    44115,
    200,
    '这不是有效的网址，请输入完整的 http 或 https 网址',
    'This is not a valid web address; enter a full http or https URL',
  ),
  WEB_URL_TOO_LONG: entry(44116, 200, '网址过长（上限 2048 个字符）', 'The URL is too long (2,048 characters at most)'),
  // Issue 23, 44117-44119: faults of the platform itself that a user should be told plainly.
  STORAGE_FULL: entry(
    44117,
    200,
    '服务器存储空间已满，文件未能保存，请稍后再试',
    'The server has run out of storage space and the file could not be saved; please try again later',
  ),

  // Picture translation (issue 22, 44101-44109): /picturetranslate. Each bad picture its own code.
  PICTURE_FORMAT: entry(44101, 200, '仅支持 jpg、jpeg、png 格式的图片', 'Only jpg, jpeg and png pictures are accepted'),
  PICTURE_TOO_LARGE: entry(44102, 200, '图片不能超过 3 MB', 'The picture must not be larger than 3 MB'),
  PICTURE_DIMENSIONS: entry(44103, 200, '图片尺寸不能超过 4096×4096 像素', 'The picture must not be larger than 4096×4096 pixels'),
  PICTURE_NOT_IMAGE: entry(44104, 200, '该文件不是图片', 'The file is not a picture'),
  PICTURE_DAMAGED: entry(44105, 200, '图片已损坏或不完整，无法读取', 'The picture is damaged or incomplete and cannot be read'),
  PICTURE_BOMB: entry(
    44106,
    200,
    '图片声明的尺寸异常巨大（疑似解压炸弹），已拒绝',
    'The picture declares an enormous size (a decompression bomb) and was refused',
  ),
  PICTURE_NO_TEXT: entry(44107, 200, '图片中没有识别到文字', 'No text was found in the picture'),
  PICTURE_PAIR_UNSUPPORTED: entry(
    44108,
    200,
    '本站不支持该语言方向的图片翻译',
    'This site does not translate pictures in this language pair',
  ),
  PICTURE_HIDDEN: entry(44109, 200, '本站未开放图片翻译', 'Picture translation is not available on this site'),

  // Public API errors (spec section 8, "Public API errors"), in the order the spec lists them.
  API_PARAM_INCOMPLETE: entry(10001, 200, '参数不完整', 'Parameter incomplete'),
  API_PARAM_INCORRECT: entry(10002, 200, '参数不正确', 'Incorrect parameter'),
  API_APP_CREDENTIALS: entry(10003, 200, 'AppID或AppSecret不正确', 'AppID or AppSecret incorrect'),
  API_ACCOUNT_NOT_ACTIVATED: entry(10004, 200, '账号未激活', 'Account not activated'),
  API_TOO_FREQUENT: entry(10005, 200, '访问过于频繁', 'Access too frequent'),
  API_TOKEN_EXPIRED: entry(10006, 200, 'token已过期', 'Token expired'),
  API_TOKEN_ERROR: entry(10007, 200, 'token错误', 'Token error'),
  API_TRANSLATION_FAILED: entry(10008, 200, '翻译失败', 'Translation failed'),
  API_TM_ID_ERROR: entry(10009, 200, 'tm_id错误', 'tm_id error'),
  API_TB_ID_ERROR: entry(10010, 200, 'tb_id错误', 'tb_id error'),
  API_DOC_FORMAT_ERROR: entry(10011, 200, '文档格式错误', 'Document format error'),
  API_DOC_TOO_LARGE: entry(10012, 200, '文档过大', 'Document too large'),
  API_DOC_RESTRICTED: entry(10013, 200, '受限文档无法翻译', 'Restricted document cannot be translated'),
  API_TASK_ID_ERROR: entry(10014, 200, 'task_id错误', 'task_id error'),
  API_REQUEST_FAILED: entry(10015, 200, '请求失败', 'Request failed'),
  API_LANGUAGE_CODE_ERROR: entry(10016, 200, '语言代码错误', 'Language code error'),
  API_DOMAIN_ERROR: entry(10017, 200, 'domain参数错误', 'Domain parameter error'),
  API_ERROR_TYPE_INCORRECT: entry(10018, 200, '错误类型编号不正确', 'Error type number incorrect'),
  API_ACCOUNT_INCORRECT: entry(10019, 200, '账号不正确', 'Incorrect account'),
  API_PASSWORD_INCORRECT: entry(10020, 200, '密码不正确', 'Incorrect password'),
  // The native public API's own (issue 20, 10021-10029; gateway README "Public API: native calls").
  API_WEB_UNAVAILABLE: entry(10021, 200, '本服务器未开放网页翻译', 'Web page translation is not available on this server'),
  API_DOC_NOT_READY: entry(
    10022,
    200,
    '文档尚未翻译完成，请先查询任务状态',
    'The document is not translated yet; query its task status first',
  ),
  API_DOC_SYNC_TIMEOUT: entry(
    10023,
    200,
    '文档未能在同步调用的时限内译完，已停止且未扣字符；请使用异步接口 open/doc/create',
    "The document could not be translated within the synchronous call's time limit; it was stopped and nothing was charged. Please use the asynchronous call open/doc/create",
  ),
  API_FILE_ID_ERROR: entry(10024, 200, 'file_id错误', 'file_id error'),
  API_WEB_NOT_READY: entry(10025, 200, '网页尚未翻译完成，请先查询任务状态', 'The page is not translated yet; query its task status first'),
} as const satisfies Record<string, ErrorEntry>;

export type CodeName = keyof typeof CODES;

/** Plain-text public API answers start with this marker (spec section 8). */
export const PLAIN_TEXT_ERROR_PREFIX = '[err]';

export function messageOf(name: CodeName, lang: UiLang): string {
  return CODES[name][lang];
}

/** Picks the interface language from an Accept-Language style value; Chinese, else English. */
export function uiLangFrom(header: string | undefined | null): UiLang {
  return header && /^\s*zh/i.test(header) ? 'zh_CN' : 'en_US';
}
