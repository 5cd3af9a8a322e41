/** The enterprise list: a scrolling table on every width (wide rows scroll sideways on a phone). */
import { Badge, Button, Group, Image, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Enterprise } from '@mtp/proto';

type Props = { enterprises: Enterprise[]; onEdit: (e: Enterprise) => void; onRenew: (e: Enterprise) => void };

export function EnterpriseTable({ enterprises, onEdit, onRenew }: Props) {
  const { t, i18n } = useTranslation();
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(i18n.language.replace('_', '-')) : t('enterprise.never'));
  if (enterprises.length === 0) return <Text c="dimmed">{t('enterprise.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={760} data-testid="enterprise-table">
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('enterprise.name')}</Table.Th>
            <Table.Th>{t('enterprise.code')}</Table.Th>
            <Table.Th>{t('enterprise.manager')}</Table.Th>
            <Table.Th>{t('enterprise.members')}</Table.Th>
            <Table.Th>{t('enterprise.expires')}</Table.Th>
            <Table.Th>{t('enterprise.state')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {enterprises.map((e) => (
            <Table.Tr key={e.site_id} data-testid="enterprise-row" data-code={e.code}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {e.small_logo_url && <Image src={e.small_logo_url} alt="" h={20} w="auto" />}
                  <div>
                    <Text size="sm">{e.name}</Text>
                    {(e.english_name || e.parent_name) && (
                      <Text size="xs" c="dimmed">
                        {[e.english_name, e.parent_name && `${t('enterprise.parent')}: ${e.parent_name}`].filter(Boolean).join(' · ')}
                      </Text>
                    )}
                  </div>
                </Group>
              </Table.Td>
              <Table.Td>/{e.code}</Table.Td>
              <Table.Td>{e.manager_account ?? '—'}</Table.Td>
              <Table.Td>
                {e.member_count} / {e.user_cap}
              </Table.Td>
              <Table.Td>{date(e.expires_at)}</Table.Td>
              <Table.Td>
                <Badge color={e.disabled ? 'red' : 'teal'} variant="light" data-testid="enterprise-state">
                  {e.disabled ? t('enterprise.disabled') : t('enterprise.active')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  <Button size="xs" variant="light" onClick={() => onEdit(e)} data-testid="enterprise-edit">
                    {t('enterprise.edit')}
                  </Button>
                  <Button size="xs" variant="default" onClick={() => onRenew(e)} data-testid="enterprise-renew">
                    {t('enterprise.renew')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
