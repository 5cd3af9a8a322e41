/**
 * The form of a document upload and what survives a reload of the tab (sessionStorage: the
 * task id and the form, never the files). Parsing is defensive: a stale or foreign value
 * falls back to defaults instead of breaking the page.
 */
import { DOC_MODES, type Domain, type DocMode, type LanguageCode, type UiLang } from '@mtp/proto';
import { isDomain, isLanguageCode } from '../translate/languages';

export const TASK_STORAGE_KEY = 'docTranslateTask';

export type DocForm = {
  src: LanguageCode;
  tgt: LanguageCode;
  mode: DocMode;
  translatePictures: boolean;
  /** '' sends no domain (the server's general model). */
  domain: Domain | '';
};

/** English into Chinese for most users; a Chinese UI starts with Chinese into English. */
export function defaultDocForm(uiLang: UiLang = 'en_US'): DocForm {
  return uiLang === 'zh_CN'
    ? { src: 'zh-cn', tgt: 'en-us', mode: 0, translatePictures: false, domain: '' }
    : { src: 'en-us', tgt: 'zh-cn', mode: 0, translatePictures: false, domain: '' };
}

export function isDocMode(value: unknown): value is DocMode {
  return (DOC_MODES as readonly unknown[]).includes(value);
}

export type SavedTask = {
  taskId: string;
  doCat: number;
  uploadStartedAt: number | null;
  form: DocForm;
  /** The task had ended (and was announced) before the reload. */
  ended: boolean;
};

export function parseForm(raw: unknown): DocForm {
  const d = defaultDocForm();
  if (typeof raw !== 'object' || raw === null) return d;
  const r = raw as Record<string, unknown>;
  return {
    src: isLanguageCode(r.src) ? r.src : d.src,
    tgt: isLanguageCode(r.tgt) ? r.tgt : d.tgt,
    mode: isDocMode(r.mode) ? r.mode : d.mode,
    translatePictures: r.translatePictures === true,
    domain: isDomain(r.domain) ? r.domain : '',
  };
}

/** The saved task, or null when there is none or it cannot be read. */
export function parseSavedTask(text: string | null): SavedTask | null {
  if (!text) return null;
  try {
    const r = JSON.parse(text) as Record<string, unknown>;
    if (typeof r.taskId !== 'string' || r.taskId === '') return null;
    return {
      taskId: r.taskId,
      doCat: typeof r.doCat === 'number' ? r.doCat : 0,
      uploadStartedAt: typeof r.uploadStartedAt === 'number' ? r.uploadStartedAt : null,
      form: parseForm(r.form),
      ended: r.ended === true,
    };
  } catch {
    return null;
  }
}
