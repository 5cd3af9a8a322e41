/**
 * A title (or question) and a rich text in both interface languages, one tab per language: the
 * reader sees the one of their UI, so both are written.
 */
import { Tabs, TextInput } from '@mantine/core';
import type { UiLang } from '@mtp/proto';
import { useTranslation } from 'react-i18next';
import type { Bilingual } from './editor-form';
import { RichTextField } from './rich-text-field';

const LANGS: UiLang[] = ['zh_CN', 'en_US'];

type Props = {
  titleLabel: string;
  textLabel: string;
  title: Bilingual;
  text: Bilingual;
  onTitle: (v: Bilingual) => void;
  onText: (v: Bilingual) => void;
  testId: string;
};

export function BilingualFields({ titleLabel, textLabel, title, text, onTitle, onText, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="zh_CN" keepMounted={false}>
      <Tabs.List>
        {LANGS.map((lang) => (
          <Tabs.Tab key={lang} value={lang} data-testid={`${testId}-tab-${lang}`}>
            {t(lang === 'zh_CN' ? 'content.langZh' : 'content.langEn')}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {LANGS.map((lang) => (
        <Tabs.Panel key={lang} value={lang} pt="sm">
          <TextInput
            label={titleLabel}
            required
            value={title[lang]}
            onChange={(e) => onTitle({ ...title, [lang]: e.currentTarget.value })}
            data-testid={`${testId}-title-${lang}`}
          />
          <RichTextField
            label={textLabel}
            value={text[lang]}
            onChange={(html) => onText({ ...text, [lang]: html })}
            testId={`${testId}-text-${lang}`}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
