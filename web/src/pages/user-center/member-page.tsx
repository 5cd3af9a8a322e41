/**
 * /member: the plan (`member_info`: name, start, expiry, the near-expiry and expired warnings)
 * and the characters left by source (`user/remaining_str`: plan, packages, frozen packages, and
 * each package), with the ways to renew or upgrade and to buy characters.
 */
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MemberData, RemainingData } from '@mtp/proto';
import { currentSessionUser } from '../../auth/session-user';
import { memberInfoQueryOptions, remainingQueryOptions } from '../../commerce/commerce-query-options';
import { formatCount, formatDate } from '../../commerce/format';
import { purchaseDialog } from '../../commerce/browser-wiring';
import { toUiLang } from '../../i18n/lang';

function PlanPanel({ member }: { member: MemberData }) {
  const { t, i18n } = useTranslation();
  const lang = toUiLang(i18n.language);
  const expiry = formatDate(member.expiration_time, lang);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        {member.expired && expiry && (
          <Alert color="red" data-testid="member-expired">
            {t('commerce.member.expired', { date: expiry })}
          </Alert>
        )}
        {!member.expired && member.near_expiry && expiry && (
          <Alert color="orange" data-testid="member-near-expiry">
            {t('commerce.member.nearExpiry', { date: expiry })}
          </Alert>
        )}
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={160}>{t('commerce.member.plan')}</Table.Th>
              <Table.Td data-testid="member-plan" data-plan={member.plan_code}>
                {member.plan_name}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('commerce.member.start')}</Table.Th>
              <Table.Td>{formatDate(member.member_start_time, lang) || t('commerce.member.never')}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('commerce.member.expiry')}</Table.Th>
              <Table.Td data-testid="member-expiry">{expiry || t('commerce.member.never')}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Group>
          <Button onClick={() => purchaseDialog.request({ reason: 'manual', tab: 'combo' })} data-testid="member-renew">
            {t('commerce.member.renew')}
          </Button>
          <Button
            variant="light"
            onClick={() => purchaseDialog.request({ reason: 'manual', tab: 'package' })}
            data-testid="member-buy-chars"
          >
            {t('commerce.buyChars')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** API packages' skus are ours: `api_10M-y` and the like (services/billing catalogue-skus.ts). */
const isApiPackage = (p: { sku: string }) => p.sku.startsWith('api_');

function BalancePanel({ remaining }: { remaining: RemainingData }) {
  const { t, i18n } = useTranslation();
  const lang = toUiLang(i18n.language);
  // API packages are spent by the public API only, so the total leaves them out and they show
  // apart (services/billing README "API packages"); only to those who have some.
  const hasApiPackages = remaining.packages.some(isApiPackage);
  const figures = [
    ['balance-total', t('commerce.member.total'), remaining.total_left],
    ['balance-plan', t('commerce.member.planLeft'), remaining.plan_left],
    ['balance-packages', t('commerce.member.packagesLeft'), remaining.packages_left],
    ['balance-frozen', t('commerce.member.frozen'), remaining.packages_frozen],
    ...(hasApiPackages ? ([['balance-api', t('apiBalance.left'), remaining.api_packages_left]] as const) : []),
  ] as const;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={4}>{t('commerce.member.balance')}</Title>
        <SimpleGrid cols={{ base: 2, sm: figures.length }}>
          {figures.map(([testId, label, value]) => (
            <Stack key={testId} gap={0}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={700} size="lg" data-testid={testId}>
                {formatCount(value, lang)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Title order={5}>{t('commerce.member.packages')}</Title>
        {remaining.packages.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('commerce.member.noPackages')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('commerce.member.size')}</Table.Th>
                  <Table.Th>{t('commerce.member.left')}</Table.Th>
                  <Table.Th>{t('commerce.member.validUntil')}</Table.Th>
                  <Table.Th>{t('commerce.member.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {remaining.packages.map((p, i) => (
                  <Table.Tr key={`${p.sku}-${p.expires_at}-${i}`} data-testid="package-row" data-state={p.state}>
                    <Table.Td>
                      {formatCount(p.chars_total, lang)}
                      {isApiPackage(p) && (
                        <Badge ml="xs" variant="outline" size="sm" data-testid="package-api">
                          {t('apiBalance.tag')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{formatCount(p.chars_left, lang)}</Table.Td>
                    <Table.Td>{formatDate(p.expires_at, lang)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={p.state === 'frozen' ? 'indigo' : 'teal'}>
                        {t(p.state === 'frozen' ? 'commerce.useStatus.frozen' : 'commerce.useStatus.inUse')}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

export function MemberPage() {
  const { t } = useTranslation();
  const user = currentSessionUser();
  const { data: member } = useSuspenseQuery(memberInfoQueryOptions(user));
  const { data: remaining } = useSuspenseQuery(remainingQueryOptions(user));
  return (
    <Stack gap="md" maw={900} data-testid="member-page">
      <Title order={2}>{t('commerce.member.title')}</Title>
      <PlanPanel member={member} />
      <BalancePanel remaining={remaining} />
    </Stack>
  );
}
