/**
 * The dialogs of the bank screen: create/rename a bank, add/edit an entry, and the one delete
 * confirmation (import: import-dialog.tsx). Errors are i18n references rendered at display time.
 * Each form is a <form>, so Enter submits it as on any web form.
 */
import { Button, Group, Modal, NativeSelect, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { LANGUAGES, LIMITS, LANGUAGE_NAMES, type LanguageCode } from '@mtp/proto';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toUiLang } from '../../i18n/lang';
import {
  hasErrors,
  validateBankName,
  validateEntry,
  validPair,
  type EntryErrors,
  type EntryInput,
  type RuleError,
} from '../../banks/bank-rules';

/** Renders a rule error in the current language. */
export function useRuleText() {
  const { t } = useTranslation();
  return (err: RuleError | null | undefined): string | undefined =>
    err ? ('values' in err ? t(err.key, err.values) : t(err.key)) : undefined;
}

/** Runs `submit` instead of the browser's navigation. */
export const onFormSubmit = (submit: () => void) => (e: FormEvent<HTMLFormElement>) => {
  e.preventDefault();
  submit();
};

/** Enter in a multi-line field submits its form too; Shift+Enter still breaks the line. */
function enterSubmits(e: KeyboardEvent<HTMLTextAreaElement>) {
  if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
    e.preventDefault();
    e.currentTarget.form?.requestSubmit();
  }
}

export function useLanguageName() {
  const { i18n } = useTranslation();
  const uiLang = toUiLang(i18n.language);
  return (code: string): string => LANGUAGE_NAMES[code as LanguageCode]?.[uiLang] ?? code;
}

export function ConfirmDialog(props: { opened: boolean; message: string; busy?: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('bank.confirmTitle')} centered>
      <Stack>
        <Text>{props.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('bank.cancel')}
          </Button>
          <Button color="red" loading={props.busy} onClick={props.onConfirm} data-testid="confirm-delete">
            {t('bank.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export type BankFormValue = { name: string; src: LanguageCode | ''; tgt: LanguageCode | ''; twoWay: boolean };

/** Create (with the language pair and two-way switch) or rename (name only). */
export function BankDialog(props: {
  opened: boolean;
  mode: 'create' | 'rename';
  initialName?: string;
  busy?: boolean;
  onSubmit: (value: BankFormValue) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ruleText = useRuleText();
  const langName = useLanguageName();
  const [value, setValue] = useState<BankFormValue>({ name: props.initialName ?? '', src: '', tgt: '', twoWay: false });
  const [nameError, setNameError] = useState<RuleError | null>(null);
  const [pairError, setPairError] = useState(false);
  const options = [{ value: '', label: t('bank.choose') }, ...LANGUAGES.map((code) => ({ value: code, label: langName(code) }))];
  const asLang = (v: string): LanguageCode | '' => ((LANGUAGES as readonly string[]).includes(v) ? (v as LanguageCode) : '');

  const submit = () => {
    const err = validateBankName(value.name);
    setNameError(err);
    const pairBad = props.mode === 'create' && !validPair(value.src, value.tgt);
    setPairError(pairBad);
    if (!err && !pairBad) props.onSubmit({ ...value, name: value.name.trim() });
  };

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t(props.mode === 'create' ? 'bank.createTitle' : 'bank.renameTitle')}
      centered
    >
      <form onSubmit={onFormSubmit(submit)} data-testid="bank-form">
        <Stack>
          <TextInput
            label={t('bank.name')}
            placeholder={t('bank.namePlaceholder', { max: LIMITS.bankNameChars })}
            value={value.name}
            onChange={(e) => setValue({ ...value, name: e.currentTarget.value })}
            error={ruleText(nameError)}
            data-testid="bank-name"
            data-autofocus
          />
          {props.mode === 'create' && (
            <>
              <Group grow>
                <NativeSelect
                  label={t('bank.srcLang')}
                  data={options}
                  value={value.src}
                  onChange={(e) => setValue({ ...value, src: asLang(e.currentTarget.value) })}
                  data-testid="bank-src-lang"
                />
                <NativeSelect
                  label={t('bank.tgtLang')}
                  data={options}
                  value={value.tgt}
                  onChange={(e) => setValue({ ...value, tgt: asLang(e.currentTarget.value) })}
                  data-testid="bank-tgt-lang"
                />
              </Group>
              {pairError && (
                <Text c="red" size="sm">
                  {t('bank.samePair')}
                </Text>
              )}
              <Switch
                label={t('bank.twoWay')}
                checked={value.twoWay}
                onChange={(e) => setValue({ ...value, twoWay: e.currentTarget.checked })}
                data-testid="bank-two-way"
              />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('bank.cancel')}
            </Button>
            <Button type="submit" loading={props.busy} data-testid="bank-save">
              {t('bank.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Add or edit an entry; validated with the spec's rules before anything is sent. */
export function EntryDialog(props: {
  opened: boolean;
  editing: boolean;
  initial: EntryInput;
  srcLang: string;
  busy?: boolean;
  onSubmit: (value: EntryInput) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ruleText = useRuleText();
  const [value, setValue] = useState<EntryInput>(props.initial);
  const [errors, setErrors] = useState<EntryErrors>({});

  const submit = () => {
    const errs = validateEntry(value, props.srcLang);
    setErrors(errs);
    if (!hasErrors(errs)) props.onSubmit({ source: value.source.trim(), translated: value.translated.trim(), note: value.note.trim() });
  };

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t(props.editing ? 'bank.editTitle' : 'bank.addTitle')} centered size="lg">
      <form onSubmit={onFormSubmit(submit)} data-testid="entry-form">
        <Stack>
          <Textarea
            label={t('bank.source')}
            autosize
            minRows={2}
            value={value.source}
            onChange={(e) => setValue({ ...value, source: e.currentTarget.value })}
            onKeyDown={enterSubmits}
            error={ruleText(errors.source)}
            data-testid="entry-source"
          />
          <Textarea
            label={t('bank.target')}
            autosize
            minRows={2}
            value={value.translated}
            onChange={(e) => setValue({ ...value, translated: e.currentTarget.value })}
            onKeyDown={enterSubmits}
            error={ruleText(errors.translated)}
            data-testid="entry-target"
          />
          <TextInput
            label={t('bank.note')}
            value={value.note}
            onChange={(e) => setValue({ ...value, note: e.currentTarget.value })}
            error={ruleText(errors.note)}
            data-testid="entry-note"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('bank.cancel')}
            </Button>
            <Button type="submit" loading={props.busy} data-testid="entry-save">
              {t('bank.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
