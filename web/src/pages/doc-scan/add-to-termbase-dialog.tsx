/**
 * "Add to termbase": the chosen candidates (with a translation) go into one termbase of the
 * scan's pair. The list holds the caller's own termbases of the pair (and, for staff, the system
 * ones they may write); with none, a link to create one. The server skips what the termbase has
 * already and refuses, adding nothing, what the plan cannot hold (42005, told by the client).
 */
import { Anchor, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { isAdminRole, type TermExtractionResult } from '@mtp/proto';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../auth/session-user';
import { showSuccess } from '../../components/toast';
import { userDataQueryOptions } from '../../queries/user-data-query-options';
import { addToTermbase, scanKeys, termbasesOfPair, termbasesQueryOptions } from './doc-scan-api';

type Props = { opened: boolean; scan: TermExtractionResult; chosen: number; onClose: () => void };

export function AddToTermbaseDialog({ opened, scan, chosen, onClose }: Props) {
  const { t } = useTranslation();
  const user = currentSessionUser();
  const queryClient = useQueryClient();
  const banks = useQuery({ ...termbasesQueryOptions(user), enabled: opened });
  const me = useQuery({ ...userDataQueryOptions(user), enabled: opened });
  const [bankId, setBankId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const staff = isAdminRole(me.data?.role);
  const options = termbasesOfPair(banks.data ?? [], scan.src_lang, scan.tgt_lang).filter((b) => b.system_or_individual === 1 || staff);
  const picked = bankId ?? (options[0] ? String(options[0].bank_id) : null);

  const add = async () => {
    if (!picked) return;
    setBusy(true);
    try {
      const result = await addToTermbase(scan.task_id, Number(picked));
      showSuccess(t('docScan.added', { added: result.added, skipped: result.skipped }));
      await queryClient.invalidateQueries({ queryKey: scanKeys.all(user) });
      onClose();
    } catch {
      // The client has told the user (44084, 42005 with the plan's limit).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('docScan.addTitle')} centered>
      <Stack data-testid="doc-scan-add-dialog">
        <Text size="sm">{t('docScan.addBody', { count: chosen })}</Text>
        {banks.isSuccess && options.length === 0 ? (
          <Text size="sm" data-testid="doc-scan-no-termbase">
            {t('docScan.noTermbase')}{' '}
            <Anchor component={Link} to="/mytermbank" data-testid="doc-scan-create-termbase">
              {t('docScan.createTermbase')}
            </Anchor>
          </Text>
        ) : (
          <NativeSelect
            label={t('docScan.termbase')}
            data={options.map((b) => ({ value: String(b.bank_id), label: b.name }))}
            value={picked ?? ''}
            onChange={(e) => setBankId(e.currentTarget.value)}
            data-testid="doc-scan-termbase"
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('docScan.cancel')}
          </Button>
          <Button onClick={() => void add()} disabled={!picked} loading={busy} data-testid="doc-scan-add-confirm">
            {t('docScan.add')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
