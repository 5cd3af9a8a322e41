/**
 * The enterprise form's state and its checks before sending: the same rules the server holds
 * (code pattern and reserved names, cap range, logo size), said in the user's words at the field.
 */
import {
  COMPANY_CODE_PATTERN,
  isReservedCompanyCode,
  LIMITS,
  type CompanyBody,
  type Enterprise,
  type EnterpriseSettings,
} from '@mtp/proto';

export type EnterpriseFormValues = {
  name: string;
  english_name: string;
  code: string;
  manager_account: string;
  manager_username: string;
  user_cap: string;
  /** yyyy-mm-dd, or '' for no expiry. */
  expires: string;
  sub_site: boolean;
  parent_site_id: string;
  settings: EnterpriseSettings;
};

export type FormErrors = Partial<Record<'name' | 'code' | 'manager_account' | 'user_cap' | 'parent_site_id', string>>;

const DEFAULT_SETTINGS: EnterpriseSettings = {
  hideTitle: false,
  do_cat: false,
  hidePicture: false,
  showAddins: true,
  show_main_logo: false,
  allow_register: false,
};

export function emptyForm(suggestedCode: string): EnterpriseFormValues {
  return {
    name: '',
    english_name: '',
    code: suggestedCode,
    manager_account: '',
    manager_username: '',
    user_cap: '30',
    expires: '',
    sub_site: false,
    parent_site_id: '',
    settings: { ...DEFAULT_SETTINGS },
  };
}

export function formOf(e: Enterprise): EnterpriseFormValues {
  return {
    name: e.name,
    english_name: e.english_name,
    code: e.code,
    manager_account: e.manager_account ?? '',
    manager_username: '',
    user_cap: String(e.user_cap),
    expires: e.expires_at ? e.expires_at.slice(0, 10) : '',
    sub_site: e.parent_site_id !== null,
    parent_site_id: e.parent_site_id === null ? '' : String(e.parent_site_id),
    settings: { ...e.settings },
  };
}

/** The end of the chosen day in UTC: an enterprise stays usable through its last day. */
export function expiryOf(date: string): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T23:59:59.000Z` : null;
}

/** i18n keys of the fields' problems; none means the body can be sent. */
export function checkForm(v: EnterpriseFormValues): FormErrors {
  const errors: FormErrors = {};
  if (!v.name.trim()) errors.name = 'enterprise.nameRequired';
  const code = v.code.trim();
  if (!new RegExp(COMPANY_CODE_PATTERN).test(code)) errors.code = 'enterprise.codeInvalid';
  else if (isReservedCompanyCode(code)) errors.code = 'enterprise.codeReserved';
  if (!v.manager_account.trim()) errors.manager_account = 'enterprise.accountRequired';
  const cap = Number(v.user_cap);
  if (!/^\d+$/.test(v.user_cap.trim()) || cap > 100000) errors.user_cap = 'enterprise.capInvalid';
  if (v.sub_site && !v.parent_site_id) errors.parent_site_id = 'enterprise.noParent';
  return errors;
}

export function bodyOf(v: EnterpriseFormValues, siteId: number | null): CompanyBody {
  return {
    ...(siteId === null ? {} : { site_id: siteId }),
    name: v.name.trim(),
    english_name: v.english_name.trim(),
    code: v.code.trim(),
    manager_account: v.manager_account.trim(),
    ...(v.manager_username.trim() ? { manager_username: v.manager_username.trim() } : {}),
    user_cap: Number(v.user_cap),
    expires_at: expiryOf(v.expires),
    parent_site_id: v.sub_site && v.parent_site_id ? Number(v.parent_site_id) : null,
    settings: v.settings,
  };
}

/** Checked by size here; the server checks the content (a document worker redraws it as PNG). */
export function logoTooLarge(file: File | null): boolean {
  return file !== null && file.size > LIMITS.logoBytes;
}
