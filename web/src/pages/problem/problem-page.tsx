/** /problem: the FAQ with a search box filtering questions and answers as the reader types. */
import { useState } from 'react';
import { Accordion, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n';
import { faqQueryOptions } from '../../content/content-query-options';
import { RichHtml } from '../../content/rich-html';
import { searchFaq } from './faq-search';

export function ProblemPage() {
  const { t } = useTranslation();
  const { data: faq } = useSuspenseQuery(faqQueryOptions(currentLang()));
  const [keyword, setKeyword] = useState('');
  const shown = searchFaq(faq, keyword);
  return (
    <Stack maw={900} data-testid="problem-page">
      <Title order={2}>{t('nav.faq')}</Title>
      <TextInput
        value={keyword}
        onChange={(e) => setKeyword(e.currentTarget.value)}
        placeholder={t('content.faqSearch')}
        aria-label={t('content.faqSearch')}
        data-testid="faq-search"
      />
      {shown.length === 0 ? (
        <Text c="dimmed" data-testid="faq-empty">
          {faq.length === 0 ? t('content.faqNone') : t('content.faqNoMatch')}
        </Text>
      ) : (
        <Accordion variant="separated" multiple>
          {shown.map((item) => (
            <Accordion.Item key={item.faq_id} value={String(item.faq_id)} data-testid="faq-item">
              <Accordion.Control>{item.question}</Accordion.Control>
              <Accordion.Panel>
                <RichHtml html={item.answer} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
