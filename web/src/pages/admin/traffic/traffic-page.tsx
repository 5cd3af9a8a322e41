/**
 * /traffic (the platform administrator's): the default frequency limit ("N requests per M
 * minutes" for anyone without an override), the login limits against password guessing, and
 * the overrides of users, sites and API keys. Which limit applies: the key's, else the user's,
 * else the site's, else the default. The server refuses everyone else (42000 opens /403).
 */
import { Stack, Title } from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TrafficSettingsData } from '@mtp/proto';
import { currentSessionUser } from '../../../auth/session-user';
import { showSuccess } from '../../../components/toast';
import { LimitCard } from './limit-fields';
import { OverridesCard } from './overrides-card';
import { saveDefaultLimit, saveLoginLimits, trafficKey, trafficSettingsQueryOptions } from './traffic-api';

/** A window from the environment may be a fraction of a minute (RATE_LIMIT_LOGIN is in seconds). */
const minutesText = (m: number) => String(Math.max(1, Math.round(m)));

export function TrafficPage() {
  const { t } = useTranslation();
  const user = currentSessionUser();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(trafficSettingsQueryOptions(user));
  const saved = async (next: TrafficSettingsData) => {
    queryClient.setQueryData(trafficSettingsQueryOptions(user).queryKey, next);
    showSuccess(t('traffic.saved'));
    await queryClient.invalidateQueries({ queryKey: trafficKey(user) });
  };
  const setDefault = useMutation({ mutationFn: saveDefaultLimit, onSuccess: saved });
  const setLogin = useMutation({ mutationFn: saveLoginLimits, onSuccess: saved });

  return (
    <Stack gap="md" data-testid="traffic-page">
      <Title order={2}>{t('traffic.title')}</Title>
      <LimitCard
        key={`default:${data.default.max_requests}:${data.default.window_minutes}`}
        title={t('traffic.defaultTitle')}
        note={t('traffic.defaultNote')}
        fromEnv={data.default.from_env}
        initial={{ max_requests: String(data.default.max_requests), window_minutes: minutesText(data.default.window_minutes) }}
        fields={[
          { name: 'max_requests', label: t('traffic.maxRequests') },
          { name: 'window_minutes', label: t('traffic.windowMinutes') },
        ]}
        busy={setDefault.isPending}
        onSave={(n) => setDefault.mutate(n)}
        testId="traffic-default"
      />
      <LimitCard
        key={`login:${data.login.per_account}:${data.login.per_ip}:${data.login.window_minutes}`}
        title={t('traffic.loginTitle')}
        note={t('traffic.loginNote')}
        fromEnv={data.login.from_env}
        initial={{
          per_account: String(data.login.per_account),
          per_ip: String(data.login.per_ip),
          window_minutes: minutesText(data.login.window_minutes),
        }}
        fields={[
          { name: 'per_account', label: t('traffic.perAccount') },
          { name: 'per_ip', label: t('traffic.perIp') },
          { name: 'window_minutes', label: t('traffic.windowMinutes') },
        ]}
        busy={setLogin.isPending}
        onSave={(n) => setLogin.mutate(n)}
        testId="traffic-login"
      />
      <OverridesCard />
    </Stack>
  );
}
