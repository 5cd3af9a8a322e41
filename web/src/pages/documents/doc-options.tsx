/**
 * The upload's options: language pair (native selects like the text page, so browser tests
 * can `selectOption`; no `auto`: documents are sent with the chosen pair), mode, "translate
 * pictures inside" and an optional domain. Lists come from the document feature (flag 1).
 * Targets no engine serves from the chosen source (the engine list, as on the text page) are
 * marked "(not available)" and cannot be picked, so a batch is never refused for its pair after
 * the upload; a pair that still is (a remembered form) is reported to the page, which blocks it.
 */
import { Checkbox, Group, NativeSelect } from '@mantine/core';
import { DOC_MODES, type DocMode } from '@mtp/proto';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocForm } from '../../documents/doc-task-types';
import { isDocMode } from '../../documents/doc-task-types';
import { hasAuthToken } from '../../auth/session';
import { toUiLang } from '../../i18n/lang';
import { engineListQueryOptions, languagesAndDomainsQueryOptions } from '../../queries/translation-query-options';
import {
  domainName,
  isDomain,
  isLanguageCode,
  languageCodes,
  languageName,
  pairStatus,
  unavailableTargets,
  DEFAULT_DOMAIN,
} from '../../translate/languages';

/** The feature flag of the language and domain lists for documents. */
export const DOC_FLAG = 1;

const MODE_KEYS = {
  0: 'documents.modes.translationOnly',
  1: 'documents.modes.bilingualParagraph',
  2: 'documents.modes.bilingualSentence',
} as const satisfies Record<DocMode, string>;

type Props = {
  form: DocForm;
  onChange: (patch: Partial<DocForm>) => void;
  disabled: boolean;
  /** Told whether the chosen pair is one no engine serves. */
  onPairUnavailable?: (unavailable: boolean) => void;
};

export function DocOptions({ form, onChange, disabled, onPairUnavailable }: Props) {
  const { t, i18n } = useTranslation();
  const uiLang = toUiLang(i18n.language);
  const lists = useQuery(languagesAndDomainsQueryOptions(uiLang, DOC_FLAG)).data;
  const languages = languageCodes(lists?.language_list).map((code) => ({
    value: code,
    label: languageName(code, lists?.language_list, uiLang),
  }));
  // The engine list needs a login; documents do too, so a guest simply sees every language.
  const engines = useQuery({ ...engineListQueryOptions(), enabled: hasAuthToken() }).data?.enginelist;
  const blocked = unavailableTargets(engines, form.src);
  const targets = languages.map((l) =>
    blocked.has(l.value) ? { ...l, label: t('translate.unavailableOption', { language: l.label }), disabled: true } : l,
  );
  const unavailable = pairStatus(engines, form.src, form.tgt) === 'unavailable';
  useEffect(() => onPairUnavailable?.(unavailable), [unavailable, onPairUnavailable]);
  const domainCodes = lists?.domain_list?.length ? lists.domain_list.map((d) => d.domain_code) : [DEFAULT_DOMAIN];
  const domains = [
    { value: '', label: t('documents.noDomain') },
    ...domainCodes.map((code) => ({ value: code, label: domainName(code, lists?.domain_list, uiLang) })),
  ];

  return (
    <Group gap="sm" align="flex-end">
      <NativeSelect
        label={t('translate.sourceLang')}
        data={languages}
        value={form.src}
        disabled={disabled}
        onChange={(e) => {
          const v = e.currentTarget.value;
          if (isLanguageCode(v)) onChange({ src: v });
        }}
        data-testid="doc-src-lang"
        w={200}
      />
      <NativeSelect
        label={t('translate.targetLang')}
        data={targets}
        value={form.tgt}
        disabled={disabled}
        onChange={(e) => {
          const v = e.currentTarget.value;
          if (isLanguageCode(v)) onChange({ tgt: v });
        }}
        data-testid="doc-tgt-lang"
        w={200}
      />
      <NativeSelect
        label={t('documents.mode')}
        data={DOC_MODES.map((m) => ({ value: String(m), label: t(MODE_KEYS[m]) }))}
        value={String(form.mode)}
        disabled={disabled}
        onChange={(e) => {
          const v = Number(e.currentTarget.value);
          if (isDocMode(v)) onChange({ mode: v });
        }}
        data-testid="doc-mode"
        w={200}
      />
      <NativeSelect
        label={t('documents.domain')}
        data={domains}
        value={form.domain}
        disabled={disabled}
        onChange={(e) => {
          const v = e.currentTarget.value;
          onChange({ domain: isDomain(v) ? v : '' });
        }}
        data-testid="doc-domain"
        w={200}
      />
      <Checkbox
        label={t('documents.translatePictures')}
        checked={form.translatePictures}
        disabled={disabled}
        onChange={(e) => onChange({ translatePictures: e.currentTarget.checked })}
        data-testid="doc-pictures"
        mb={8}
      />
    </Group>
  );
}
