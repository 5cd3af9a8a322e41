/** The options form's fields read and written as Settings, and its language lists. */
import { byId } from '../shared/dom-i18n';
import { languageName, t } from '../shared/i18n';
import type { AuthKind, Settings } from '../shared/settings';

export const fields = {
  server: () => byId<HTMLInputElement>('server'),
  src: () => byId<HTMLSelectElement>('src'),
  tgt: () => byId<HTMLSelectElement>('tgt'),
  apiKey: () => byId<HTMLInputElement>('apiKey'),
  account: () => byId<HTMLInputElement>('account'),
  password: () => byId<HTMLInputElement>('password'),
  screenWord: () => byId<HTMLInputElement>('screenWord'),
};

export function authKind(): AuthKind {
  return document.querySelector<HTMLInputElement>('input[name=authKind]:checked')?.value === 'login' ? 'login' : 'key';
}

export function showAuthFields(kind: AuthKind): void {
  byId('key-fields').hidden = kind !== 'key';
  byId('login-fields').hidden = kind !== 'login';
}

function fillSelect(select: HTMLSelectElement, codes: readonly string[], chosen: string, withAuto: boolean): void {
  const options = [...(withAuto ? [['auto', t('optAuto')]] : []), ...codes.map((c) => [c, languageName(c)])];
  select.replaceChildren(...options.map(([value, label]) => new Option(label, value, false, value === chosen)));
  if (!options.some(([value]) => value === chosen) && options[0]) select.value = options[0][0]!;
}

/** Both lists from the server's codes, keeping the choices where the server still has them. */
export function fillLanguages(codes: readonly string[], src: string, tgt: string): void {
  fillSelect(fields.src(), codes, src, true);
  fillSelect(fields.tgt(), codes, tgt, false);
}

export function writeForm(settings: Settings, codes: readonly string[]): void {
  fields.server().value = settings.server;
  fillLanguages(codes, settings.src, settings.tgt);
  fields.apiKey().value = settings.apiKey;
  fields.account().value = settings.account;
  fields.screenWord().checked = settings.screenWord;
  const radio = document.querySelector<HTMLInputElement>(`input[name=authKind][value=${settings.authKind}]`);
  if (radio) radio.checked = true;
  showAuthFields(settings.authKind);
}

export function readForm(previous: Settings): Settings {
  return {
    ...previous,
    server: fields.server().value.trim(),
    src: fields.src().value || previous.src,
    tgt: fields.tgt().value || previous.tgt,
    authKind: authKind(),
    apiKey: fields.apiKey().value.trim(),
    account: fields.account().value.trim(),
    screenWord: fields.screenWord().checked,
  };
}
