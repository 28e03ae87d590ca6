import { Button, Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@fluentui/react-components';
import { LocalLanguageRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LANGUAGES, isLanguage } from '../i18n/types';
import { setLanguage, settings } from '../state/settings';

/** Language switch (zh-CN default, en); the choice is remembered. */
export function LanguageMenu({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const { language } = useSnapshot(settings);
  return (
    <Menu
      checkedValues={{ language: [language] }}
      onCheckedValueChange={(_, { checkedItems }) => {
        const next = checkedItems[0];
        if (isLanguage(next)) setLanguage(next);
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content={t('shell.language')} relationship="label">
          <Button appearance="subtle" icon={<LocalLanguageRegular />} data-testid="language-menu">
            {showLabel ? t(`language.${language}`) : undefined}
          </Button>
        </Tooltip>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {LANGUAGES.map((lang) => (
            <MenuItemRadio key={lang} name="language" value={lang} lang={lang} data-testid={`language-${lang}`}>
              {t(`language.${lang}`)}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
