/** Logo and name of the current site; the product name until (or unless) the site is known. */
import { Group, Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SiteInfo } from '@mtp/proto';
import { toUiLang } from '../i18n/lang';
import { siteDisplayName } from '../site/site-display';

type Props = { site: SiteInfo | null | undefined; size?: 'sm' | 'lg' };

export function SiteBrand({ site, size = 'sm' }: Props) {
  const { t, i18n } = useTranslation();
  const name = site ? siteDisplayName(site, toUiLang(i18n.language)) : t('app.productName');
  const logo = size === 'sm' ? (site?.small_logo_url ?? site?.logo_url) : (site?.logo_url ?? site?.small_logo_url);
  const height = size === 'sm' ? 28 : 56;
  return (
    <Group gap="xs" wrap="nowrap" miw={0} data-testid="site-brand">
      {logo && <Image src={logo} alt="" h={height} w="auto" fit="contain" />}
      <Text fw={700} fz={size === 'sm' ? 'lg' : 'xl'} truncate>
        {name}
      </Text>
    </Group>
  );
}
