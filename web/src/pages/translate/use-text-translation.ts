/**
 * The state and the calls behind a translation page (desktop `/` and the mobile trial): the
 * chosen languages and domain, translate-as-you-type with only the latest answer landing, early
 * language detection under `auto`, the swap, and what the result panel shows.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CODES,
  type Domain,
  type LangidData,
  type LanguageCode,
  type DomainItem,
  type TranslateBody,
  type TranslateData,
} from '@mtp/proto';
import { isApiError } from '../../api/api-error';
import { storage } from '../../api/instance';
import { TRANSLATION_PATHS, canCall, detectLanguage, translateText } from '../../api/translation-endpoints';
import { hasAuthToken } from '../../auth/session';
import { toUiLang } from '../../i18n/lang';
import { domainListQueryOptions, engineListQueryOptions, languagesAndDomainsQueryOptions } from '../../queries/translation-query-options';
import {
  AUTO,
  DEFAULT_DOMAIN,
  domainName,
  canSwap,
  effectiveSource,
  isSameLanguage,
  languageCodes,
  languageName,
  languagePair,
  loadLangPrefs,
  pairStatus,
  pickDomain,
  saveLangPrefs,
  swapLanguages,
  unavailableTargets,
  type LangPrefs,
  type SourceLang,
} from '../../translate/languages';
import { createLatestRunner } from '../../translate/latest-runner';
import {
  LANGID_DEBOUNCE_MS,
  LANGID_SAMPLE_CHARS,
  TRANSLATE_DEBOUNCE_MS,
  clip,
  counterState,
  isBlank,
  requestText,
  type CounterState,
} from '../../translate/text-limits';

type Job = { body: TranslateBody; member: boolean; clipped: boolean };

export type TranslationResult = { data: TranslateData; clipped: boolean };

/** Why nothing is translated for the current choice; shown in the result panel. */
export type Notice = 'same-language' | 'unavailable' | null;

export type TextTranslation = {
  text: string;
  setText: (text: string) => void;
  clear: () => void;
  counter: CounterState;
  src: SourceLang;
  tgt: LanguageCode;
  setSrc: (src: SourceLang) => void;
  setTgt: (tgt: LanguageCode) => void;
  domain: Domain;
  setDomain: (domain: Domain) => void;
  /** Languages to offer; names from the server's list (in the UI language), else built in. */
  languages: LanguageCode[];
  languageName: (code: LanguageCode) => string;
  domainOptions: { value: Domain; label: string }[];
  disabledTargets: Set<LanguageCode>;
  /** Under `auto`: what langid or the last answer found; null before that. */
  detected: LanguageCode | null;
  swapEnabled: boolean;
  swap: () => void;
  result: TranslationResult | null;
  pending: boolean;
  notice: Notice;
  /** Whether the translate calls go to text/translate (a logged-in user on the desktop page). */
  member: boolean;
};

type Options = {
  /** The mobile trial: always the free `try_translate`. */
  trial?: boolean;
  /** After every translation that landed (the page refreshes the characters left). */
  onTranslated?: (data: TranslateData) => void;
};

export function useTextTranslation({ trial = false, onTranslated }: Options = {}): TextTranslation {
  const { i18n } = useTranslation();
  const uiLang = toUiLang(i18n.language);
  const member = !trial && hasAuthToken();

  const [prefs, setPrefs] = useState<LangPrefs>(() => loadLangPrefs(storage, uiLang));
  const [chosenDomain, setChosenDomain] = useState<Domain>(DEFAULT_DOMAIN);
  const [text, setTextState] = useState('');
  const [result, setResult] = useState<TranslationResult | null>(null);
  const [detected, setDetected] = useState<LanguageCode | null>(null);
  const [serverNotice, setServerNotice] = useState<Notice>(null);
  const [pending, setPending] = useState(false);
  // A choice of language (not a keystroke) translates at once instead of after the debounce.
  const immediate = useRef(false);
  const translatedCallback = useRef(onTranslated);
  useEffect(() => {
    translatedCallback.current = onTranslated;
  });

  const [translator] = useState(() =>
    createLatestRunner<Job, TranslateData>({
      delayMs: TRANSLATE_DEBOUNCE_MS,
      run: (job, signal) => translateText(job.body, { member: job.member, signal, expectedCodes: [CODES.SAME_LANGUAGE.code] }),
      onResult: (data, job) => {
        setServerNotice(null);
        setResult({ data, clipped: job.clipped });
        if (job.body.src_lang === AUTO) setDetected(data.src_lang);
        translatedCallback.current?.(data);
      },
      onError: (err) => {
        // 40016 under auto: the detected language is the target. Everything else was toasted.
        if (isApiError(err, CODES.SAME_LANGUAGE.code)) {
          setServerNotice('same-language');
          setResult(null);
        }
      },
      onPendingChange: setPending,
    }),
  );
  const [detector] = useState(() =>
    createLatestRunner<string, LangidData>({
      delayMs: LANGID_DEBOUNCE_MS,
      run: (sample, signal) => detectLanguage(sample, signal),
      onResult: ({ lang }) => setDetected(lang === 'unknown' ? null : lang),
    }),
  );
  useEffect(
    () => () => {
      translator.cancel();
      detector.cancel();
    },
    [translator, detector],
  );

  // Lists: names in the UI language; the pair's domains and the engine list where callable.
  const lists = useQuery(languagesAndDomainsQueryOptions(uiLang)).data;
  const engines = useQuery({ ...engineListQueryOptions(), enabled: canCall(TRANSLATION_PATHS.engines) }).data?.enginelist;
  const source = effectiveSource(prefs.src, detected);
  const pair = source ? languagePair(source, prefs.tgt) : '';
  const pairDomains = useQuery({
    ...domainListQueryOptions(pair, uiLang),
    enabled: pair !== '' && source !== prefs.tgt && canCall(TRANSLATION_PATHS.domains),
  }).data?.domain_list;
  const domainItems: readonly DomainItem[] =
    pairDomains && pairDomains.length > 0 ? pairDomains : lists?.domain_list?.length ? lists.domain_list : [];
  const domains = domainItems.length > 0 ? domainItems.map((d) => d.domain_code) : [DEFAULT_DOMAIN];
  const domain = pickDomain(chosenDomain, domains);

  const blocked: Notice = isSameLanguage(prefs.src, prefs.tgt, detected)
    ? 'same-language'
    : pairStatus(engines, source, prefs.tgt) === 'unavailable'
      ? 'unavailable'
      : null;

  // Translate as you type: the latest text and choice, debounced; nothing for an empty text.
  useEffect(() => {
    const now = immediate.current;
    immediate.current = false;
    setServerNotice(null);
    if (isBlank(text)) {
      translator.cancel();
      setResult(null);
      setDetected(null);
      return;
    }
    if (blocked) {
      translator.cancel();
      setResult(null);
      return;
    }
    const sent = requestText(text);
    const body: TranslateBody = { text: sent.text, src_lang: prefs.src, tgt_lang: prefs.tgt, domain };
    translator.schedule({ body, member, clipped: sent.clipped }, now ? 0 : undefined);
  }, [text, prefs.src, prefs.tgt, domain, blocked, member, translator]);

  // Under auto, detect early so "Detected: …" shows before the translation lands.
  useEffect(() => {
    if (prefs.src !== AUTO || isBlank(text)) {
      detector.cancel();
      return;
    }
    detector.schedule(clip(text, LANGID_SAMPLE_CHARS));
  }, [text, prefs.src, detector]);

  useEffect(() => saveLangPrefs(storage, prefs), [prefs]);

  const choose = (next: LangPrefs) => {
    immediate.current = true;
    // A detection belongs to auto; a later switch back to auto detects the text afresh.
    if (next.src !== AUTO) setDetected(null);
    setPrefs(next);
  };

  return {
    text,
    setText: setTextState,
    clear: () => {
      translator.cancel();
      detector.cancel();
      setTextState('');
      setResult(null);
      setDetected(null);
    },
    counter: counterState(text),
    src: prefs.src,
    tgt: prefs.tgt,
    setSrc: (src) => choose({ ...prefs, src }),
    setTgt: (tgt) => choose({ ...prefs, tgt }),
    domain,
    setDomain: (d) => {
      immediate.current = true;
      setChosenDomain(d);
    },
    languages: languageCodes(lists?.language_list),
    languageName: (code) => languageName(code, lists?.language_list, uiLang),
    domainOptions: domains.map((value) => ({ value, label: domainName(value, domainItems, uiLang) })),
    disabledTargets: unavailableTargets(engines, source),
    detected: prefs.src === AUTO ? detected : null,
    swapEnabled: canSwap(prefs.src, detected),
    swap: () => {
      const next = swapLanguages(prefs.src, prefs.tgt, detected);
      if (!next) return;
      // The translation becomes the new source text, as the languages trade places.
      if (result && !isBlank(result.data.translated)) setTextState(result.data.translated);
      setResult(null);
      choose(next);
    },
    result,
    pending,
    notice: blocked ?? serverNotice,
    member,
  };
}
