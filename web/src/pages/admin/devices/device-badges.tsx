/** A device's online/offline badge, its state badge and a short description of its hardware. */
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeviceItem } from '@mtp/proto';

const STATE_COLORS = { enabled: 'teal', draining: 'yellow', drained: 'orange', disabled: 'gray' } as const;

export function DeviceBadges({ device }: { device: DeviceItem }) {
  const { t } = useTranslation();
  return (
    // The badges keep their width and wrap under each other: a narrow table column would otherwise
    // shrink them to an ellipsis ("O..").
    <Group gap={4} wrap="wrap">
      <Badge color={device.online ? 'green' : 'red'} variant="light" data-testid="device-online" style={{ flexShrink: 0 }}>
        {t(device.online ? 'devices.online' : 'devices.offline')}
      </Badge>
      <Badge color={STATE_COLORS[device.state]} variant="light" data-testid="device-state" style={{ flexShrink: 0 }}>
        {t(`devices.states.${device.state}`)}
      </Badge>
    </Group>
  );
}

const GIB = 2 ** 30;

/** `NVIDIA H100 · 80 GiB`, or `16 × Intel Xeon · 64 GiB` for a CPU device. */
export function hardwareOf(d: DeviceItem): string {
  if (d.gpu) return `${d.gpu.name} · ${Math.round(d.gpu.memory_bytes / GIB)} GiB`;
  return `${d.cpu_count} × ${d.cpu_model} · ${Math.round(d.total_mem_bytes / GIB)} GiB`;
}

/** Loaded pairs with their model versions: `en-us_zh-cn@v3`. */
export function modelsOf(d: DeviceItem): string {
  return d.loaded_pairs.map((p) => (d.model_versions[p] ? `${p}@${d.model_versions[p]}` : p)).join(', ') || '-';
}
