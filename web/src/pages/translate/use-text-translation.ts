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
import { TRANSLATION_PATHS, canCall, detectLanguage } from '../../api/translation-endpoints';
import { hasAuthToken } from '../../auth/session';
import { useKeptDraft } from '../../auth/kept-draft';
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
import { MISMATCH_MIN_CHARS, SourceMismatch, effectiveTarget, newDraftId } from '../../translate/source-check';
import { checkedTranslate, type Job } from './checked-translate';
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

export type TranslationResult = { data: TranslateData; clipped: boolean };

/** Why nothing is translated for the current choice; shown in the result panel. */
export type Notice = 'same-language' | 'unavailable' | 'source-mismatch' | null;

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
  /** Under `auto`, the text was in the chosen target: the target turned to `to` (not remembered). */
  autoTarget: { from: LanguageCode; to: LanguageCode } | null;
  /** The chosen source plainly does not match the text, which is in this language; nothing was sent. */
  mismatch: LanguageCode | null;
  switchToDetected: () => void;
  translateAnyway: () => void;
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
  // Typed text survives a forced logout and comes back for the same account (auth/kept-draft.ts).
  useKeptDraft(text, setTextState);
  const [result, setResult] = useState<TranslationResult | null>(null);
  const [detected, setDetected] = useState<LanguageCode | null>(null);
  const [serverNotice, setServerNotice] = useState<Notice>(null);
  const [pending, setPending] = useState(false);
  const [mismatch, setMismatch] = useState<LanguageCode | null>(null);
  // "Translate anyway" holds for the source it was given for, until the text is cleared.
  const [acceptedSrc, setAcceptedSrc] = useState<SourceLang | null>(null);
  // One draft per text box: the server charges each call only for what it adds (README).
  const [draftId] = useState(newDraftId);
  // A choice of language (not a keystroke) translates at once instead of after the debounce.
  const immediate = useRef(false);
  const translatedCallback = useRef(onTranslated);
  useEffect(() => {
    translatedCallback.current = onTranslated;
  });

  const [translator] = useState(() =>
    createLatestRunner<Job, TranslateData>({
      delayMs: TRANSLATE_DEBOUNCE_MS,
      run: checkedTranslate,
      onResult: (data, job) => {
        setServerNotice(null);
        setMismatch(null);
        setResult({ data, clipped: job.clipped });
        if (job.body.src_lang === AUTO) setDetected(data.src_lang);
        translatedCallback.current?.(data);
      },
      onError: (err, job) => {
        if (err instanceof SourceMismatch) {
          setMismatch(err.lang);
          setResult(null);
          return;
        }
        // 40016 under auto: the server detected the target's language; the target turns over.
        if (isApiError(err, CODES.SAME_LANGUAGE.code) && job.body.src_lang === AUTO) {
          setDetected(job.body.tgt_lang);
          return;
        }
        // Everything else was toasted.
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
  // What is translated into: the chosen target, turned over when auto found the text in it.
  const tgt = effectiveTarget(prefs.src, prefs.tgt, detected, uiLang);
  const pair = source ? languagePair(source, tgt) : '';
  const pairDomains = useQuery({
    ...domainListQueryOptions(pair, uiLang),
    enabled: pair !== '' && source !== tgt && canCall(TRANSLATION_PATHS.domains),
  }).data?.domain_list;
  const domainItems: readonly DomainItem[] =
    pairDomains && pairDomains.length > 0 ? pairDomains : lists?.domain_list?.length ? lists.domain_list : [];
  const domains = domainItems.length > 0 ? domainItems.map((d) => d.domain_code) : [DEFAULT_DOMAIN];
  const domain = pickDomain(chosenDomain, domains);

  const blocked: Notice = isSameLanguage(prefs.src, tgt, detected)
    ? 'same-language'
    : pairStatus(engines, source, tgt) === 'unavailable'
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
      setMismatch(null);
      setAcceptedSrc(null);
      return;
    }
    if (blocked) {
      translator.cancel();
      setResult(null);
      setMismatch(null);
      return;
    }
    const sent = requestText(text);
    const body: TranslateBody = { text: sent.text, src_lang: prefs.src, tgt_lang: tgt, domain, ...(member ? { draft_id: draftId } : {}) };
    const sample = clip(text, LANGID_SAMPLE_CHARS);
    // Langid only where its answer could hold the translation back (a chosen source, enough text).
    const check = prefs.src !== AUTO && acceptedSrc !== prefs.src && [...sample.trim()].length >= MISMATCH_MIN_CHARS ? sample : null;
    translator.schedule({ body, member, clipped: sent.clipped, check }, now ? 0 : undefined);
  }, [text, prefs.src, tgt, domain, blocked, member, translator, draftId, acceptedSrc]);

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
    if (next.src !== prefs.src) setMismatch(null);
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
    tgt,
    setSrc: (src) => choose({ ...prefs, src }),
    setTgt: (next) => choose({ ...prefs, tgt: next }),
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
      const next = swapLanguages(prefs.src, tgt, detected);
      if (!next) return;
      // The translation becomes the new source text, as the languages trade places.
      if (result && !isBlank(result.data.translated)) setTextState(result.data.translated);
      setResult(null);
      choose(next);
    },
    result,
    pending,
    notice: blocked ?? serverNotice ?? (mismatch ? 'source-mismatch' : null),
    member,
    autoTarget: detected && tgt !== prefs.tgt ? { from: detected, to: tgt } : null,
    mismatch,
    switchToDetected: () => {
      if (!mismatch || prefs.src === AUTO) return;
      // Text in the target's language: the languages trade places instead of meeting as one.
      choose({ src: mismatch, tgt: mismatch === tgt ? prefs.src : tgt });
    },
    translateAnyway: () => {
      immediate.current = true;
      setMismatch(null);
      setAcceptedSrc(prefs.src);
    },
  };
}
