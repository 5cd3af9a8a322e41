/** /home: the admin area's first page, one card per figure, each opening its screen. */
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../../auth/session-user';
import { homeSummaryQueryOptions } from '../../../content/content-query-options';
import { currentLang } from '../../../i18n';
import { homeCards } from './home-cards';

export function HomePage() {
  const { t } = useTranslation();
  const { data } = useSuspenseQuery(homeSummaryQueryOptions(currentSessionUser()));
  const format = new Intl.NumberFormat(currentLang() === 'zh_CN' ? 'zh-CN' : 'en-US');
  return (
    <Stack data-testid="home-page">
      <Title order={2}>{t('nav.home')}</Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {homeCards(data).map((card) => (
          <Card key={card.id} component={Link} to={card.to} withBorder padding="md" data-testid={`home-card-${card.id}`}>
            <Text size="sm" c="dimmed">
              {t(card.labelKey)}
            </Text>
            <Text fz={28} fw={700} data-testid={`home-value-${card.id}`}>
              {format.format(card.value)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
