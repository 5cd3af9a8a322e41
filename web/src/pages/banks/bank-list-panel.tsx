/**
 * The left column of the bank screen: the screen's banks with their language pair and entry
 * count, the one shown highlighted, and (where the user may edit) create, rename and delete.
 * On the individual screen the system banks the user may use are listed too, but only the
 * user's own can be renamed or deleted. The user's own banks show the entries their plan still
 * allows, and a plan without room for another bank says so instead of offering "create".
 */
import { ActionIcon, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { BankItem, BankLimits } from '@mtp/proto';
import { useTranslation } from 'react-i18next';
import { canCreateBank, entryRoom } from '../../banks/bank-limits';
import type { BankFlag, BankScope } from '../../banks/bank-rules';
import { useLanguageName } from './bank-dialogs';

type Props = {
  flag: BankFlag;
  scope: BankScope;
  banks: readonly BankItem[];
  limits: BankLimits | undefined;
  shownId: number | null;
  editable: boolean;
  onChoose: (bank: BankItem) => void;
  onCreate: () => void;
  onRename: (bank: BankItem) => void;
  onDelete: (bank: BankItem) => void;
};

export function BankListPanel({ flag, scope, banks, limits, shownId, editable, onChoose, onCreate, onRename, onDelete }: Props) {
  const { t } = useTranslation();
  const langName = useLanguageName();
  const canCreate = canCreateBank(banks, limits, scope);
  const pairLabel = (b: BankItem) =>
    t(b.tow_way === 1 ? 'bank.pairTwoWay' : 'bank.pair', { src: langName(b.src_lang), tgt: langName(b.tgt_lang) });

  return (
    <Paper withBorder p="sm">
      <Stack gap="xs" data-testid="bank-list">
        <Group justify="space-between">
          <Text fw={600}>{t(flag === 0 ? 'bank.memoryBanks' : 'bank.termBanks')}</Text>
          {editable && (
            <Button size="xs" onClick={onCreate} disabled={!canCreate} data-testid="create-bank">
              {t('bank.createBank')}
            </Button>
          )}
        </Group>
        {editable && !canCreate && limits && (
          <Text size="xs" c="dimmed" data-testid="bank-limit-reached">
            {t('bank.bankLimitReached', { limit: limits.banks })}
          </Text>
        )}
        {banks.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('bank.noBanks')}
          </Text>
        )}
        {banks.map((b) => {
          const own = editable && (scope !== 'individual' || b.system_or_individual === 1);
          const room = entryRoom(b, limits, scope);
          return (
            <Paper
              key={b.bank_id}
              withBorder
              p="xs"
              bg={b.bank_id === shownId ? 'var(--mantine-color-blue-light)' : undefined}
              data-testid="bank-item"
              data-bank-id={b.bank_id}
            >
              <Group justify="space-between" wrap="nowrap">
                <UnstyledButton
                  onClick={() => onChoose(b)}
                  style={{ flex: 1, minWidth: 0 }}
                  aria-current={b.bank_id === shownId ? 'true' : undefined}
                  data-testid="bank-select"
                >
                  <Text fw={500} truncate>
                    {b.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {pairLabel(b)} · {t('bank.entries', { count: b.entry_count })}
                    {b.system_or_individual === 0 && scope === 'individual' ? ` · ${t('bank.systemTag')}` : ''}
                  </Text>
                  {room && (
                    <Text size="xs" c={room.left === 0 ? 'red' : 'dimmed'} data-testid="bank-entries-left">
                      {t('bank.entriesLeft', { left: room.left, limit: room.limit })}
                    </Text>
                  )}
                </UnstyledButton>
                {own && (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={t('bank.rename')} onClick={() => onRename(b)} data-testid="rename-bank">
                      <span aria-hidden>✎</span>
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('bank.delete')}
                      onClick={() => onDelete(b)}
                      data-testid="delete-bank"
                    >
                      <span aria-hidden>✕</span>
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Paper>
  );
}
