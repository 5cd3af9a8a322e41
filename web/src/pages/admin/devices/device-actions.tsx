/**
 * A device's actions: enable, drain, disable (each after a confirmation), assign to an
 * enterprise's pool (MT devices) and delete (offline devices, after a confirmation).
 */
import { useState } from 'react';
import { Button, Group, Select, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeviceAdminState, DeviceItem } from '@mtp/proto';
import { currentSessionUser } from '../../../auth/session-user';
import { FormDialog } from '../../../components/form-dialog';
import { showSuccess } from '../../../components/toast';
import { assignDevice, deleteDevice, devicesKey, setDeviceState } from './devices-api';

type Pending = { kind: 'state'; state: DeviceAdminState } | { kind: 'assign' } | { kind: 'delete' } | null;

export function DeviceActions({ device, enterprises }: { device: DeviceItem; enterprises: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = currentSessionUser();
  const [pending, setPending] = useState<Pending>(null);
  const [site, setSite] = useState<string | null>(device.site_id === null ? null : String(device.site_id));
  const done = async (message: string) => {
    setPending(null);
    showSuccess(message);
    await queryClient.invalidateQueries({ queryKey: devicesKey(user) });
  };
  const run = useMutation({
    mutationFn: async (p: NonNullable<Pending>) => {
      if (p.kind === 'state') await setDeviceState(device.device_id, p.state);
      else if (p.kind === 'assign') await assignDevice(device.device_id, site === null ? null : Number(site));
      else await deleteDevice(device.device_id);
    },
    onSuccess: (_r, p) => done(t(p.kind === 'delete' ? 'devices.deleted' : 'devices.saved')),
  });
  const stateButton = (state: DeviceAdminState, color: string) => (
    <Button
      size="xs"
      variant="light"
      color={color}
      disabled={device.admin_state === state}
      onClick={() => setPending({ kind: 'state', state })}
      data-testid={`device-${state === 'draining' ? 'drain' : state === 'enabled' ? 'enable' : 'disable'}`}
    >
      {t(`devices.actions.${state}`)}
    </Button>
  );

  return (
    <>
      <Group gap={4} wrap="wrap">
        {stateButton('enabled', 'teal')}
        {stateButton('draining', 'yellow')}
        {stateButton('disabled', 'gray')}
        {device.role === 'mt' && (
          <Button size="xs" variant="light" onClick={() => setPending({ kind: 'assign' })} data-testid="device-assign">
            {t('devices.actions.assign')}
          </Button>
        )}
        {!device.online && (
          <Button size="xs" variant="light" color="red" onClick={() => setPending({ kind: 'delete' })} data-testid="device-delete">
            {t('devices.actions.delete')}
          </Button>
        )}
      </Group>
      <FormDialog
        opened={pending !== null}
        title={
          pending?.kind === 'state' ? t(`devices.confirm.${pending.state}Title`) : t(`devices.confirm.${pending?.kind ?? 'assign'}Title`)
        }
        submitLabel={t('devices.confirm.ok')}
        cancelLabel={t('devices.confirm.cancel')}
        onSubmit={() => pending && run.mutate(pending)}
        onCancel={() => setPending(null)}
        busy={run.isPending}
        testId="device-confirm"
      >
        {pending?.kind === 'assign' ? (
          <Select
            label={t('devices.enterprise')}
            placeholder={t('devices.sharedPool')}
            data={enterprises}
            value={site}
            onChange={setSite}
            clearable
            searchable
            comboboxProps={{ withinPortal: false }}
            data-testid="device-assign-select"
          />
        ) : (
          <Text>
            {pending?.kind === 'state'
              ? t(`devices.confirm.${pending.state}Body`, { id: device.device_id })
              : t('devices.confirm.deleteBody', { id: device.device_id })}
          </Text>
        )}
      </FormDialog>
    </>
  );
}
