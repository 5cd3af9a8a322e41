/** The interface-language switch shown in every header and on the login pages. */
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLang } from '../i18n';
import { UI_LANGS, toUiLang } from '../i18n/lang';

export function LangMenu() {
  const { t, i18n } = useTranslation();
  const current = toUiLang(i18n.language);
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" data-testid="lang-switch" aria-label={t('lang.label')}>
          {t(`lang.${current}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {UI_LANGS.map((lang) => (
          <Menu.Item
            key={lang}
            data-testid={`lang-option-${lang}`}
            fw={lang === current ? 700 : undefined}
            onClick={() => void changeLang(lang)}
          >
            {t(`lang.${lang}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
