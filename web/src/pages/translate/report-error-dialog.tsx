/**
 * "Report an error" on the text screen (issue 20) and in post-editing (issue 21): once there is a
 * machine translation, a signed-in user sends the source and the output (read-only, as
 * translated), an error type and a proposal (prefilled with the output, to be corrected) to
 * `text/error_report`. Free visitors do not get the action: the server takes reports from
 * accounts only (gateway/README.md). Texts are held to the server's 5,000 characters: a source
 * translated is at most that already, a longer output (a language that grows) is cut to it.
 */
import { useState } from 'react';
import { Button, NativeSelect, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ERROR_TYPES, LIMITS, type LanguageCode } from '@mtp/proto';
import { FormDialog } from '../../components/form-dialog';
import { showSuccess } from '../../components/toast';
import { toUiLang } from '../../i18n/lang';
import { clip } from '../../translate/text-limits';
import { sendErrorReport } from '../admin/error-reports/error-reports-api';
import type { TextTranslation } from './use-text-translation';

/** What is reported: a source, the machine's output for it, and their languages. */
export type ReportedTranslation = { src_lang: LanguageCode; tgt_lang: LanguageCode; source: string; output: string };

type Draft = { source: string; output: string; errorType: number; proposal: string };

const draftOf = (reported: ReportedTranslation | null): Draft | null => {
  if (!reported || reported.output.trim() === '' || reported.source.trim() === '') return null;
  const output = clip(reported.output, LIMITS.textChars);
  return { source: clip(reported.source.trim(), LIMITS.textChars), output, errorType: ERROR_TYPES[0].id, proposal: output };
};

/** The text screen's result, once there is one to report. */
function reportedOf(tr: TextTranslation): ReportedTranslation | null {
  const data = tr.notice ? null : tr.result?.data;
  return data ? { src_lang: data.src_lang, tgt_lang: data.tgt_lang, source: tr.text, output: data.translated } : null;
}

export function ReportErrorAction({ tr }: { tr: TextTranslation }) {
  return <ReportErrorButton reported={tr.pending ? null : reportedOf(tr)} />;
}

/** The action and its dialog for one translation (null: nothing to report, the button is disabled). */
export function ReportErrorButton({ reported }: { reported: ReportedTranslation | null }) {
  const { t, i18n } = useTranslation();
  const lang = toUiLang(i18n.language);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [sent, setSent] = useState<ReportedTranslation | null>(null);
  const [busy, setBusy] = useState(false);
  const available = draftOf(reported) !== null;

  const submit = () => {
    if (!draft || !sent) return;
    setBusy(true);
    void sendErrorReport({
      src_lang: sent.src_lang,
      tgt_lang: sent.tgt_lang,
      source: draft.source,
      output: draft.output,
      error_type: draft.errorType,
      proposal: draft.proposal,
    })
      .then(() => {
        showSuccess(t('errorReports.sent'));
        setDraft(null);
      })
      // The client has shown the server's message already.
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };

  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        disabled={!available}
        onClick={() => {
          setSent(reported);
          setDraft(draftOf(reported));
        }}
        data-testid="report-error"
      >
        {t('errorReports.report')}
      </Button>
      <FormDialog
        opened={draft !== null}
        title={t('errorReports.reportTitle')}
        submitLabel={t('errorReports.send')}
        cancelLabel={t('errorReports.cancel')}
        onSubmit={submit}
        onCancel={() => setDraft(null)}
        busy={busy}
        testId="report-error-dialog"
      >
        {draft && (
          <>
            <Textarea label={t('errorReports.source')} value={draft.source} readOnly autosize maxRows={6} data-testid="report-source" />
            <Textarea label={t('errorReports.output')} value={draft.output} readOnly autosize maxRows={6} data-testid="report-output" />
            <NativeSelect
              label={t('errorReports.type')}
              data={ERROR_TYPES.map((e) => ({ value: String(e.id), label: e[lang] }))}
              value={String(draft.errorType)}
              onChange={(e) => setDraft({ ...draft, errorType: Number(e.currentTarget.value) })}
              data-testid="report-type"
            />
            <Textarea
              label={t('errorReports.proposal')}
              description={t('errorReports.proposalHint')}
              value={draft.proposal}
              maxLength={LIMITS.textChars}
              onChange={(e) => setDraft({ ...draft, proposal: e.currentTarget.value })}
              autosize
              minRows={3}
              maxRows={10}
              data-testid="report-proposal"
            />
          </>
        )}
      </FormDialog>
    </>
  );
}
