import { Menu, UnstyledButton } from '@mantine/core';
import { IconCheck, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrand } from '../../lib/brand/brand-context';
import { currentLanguage, languages } from '../../lib/i18n';
import { href } from '../../lib/routes';
import { useSession } from '../../lib/session';
import { signInModeOf } from '../../lib/sign-in-mode';
import classes from './nav-bar.module.css';

/**
 * The user menu (seed 000 section 2): Change Passphrase and the user guide only for staff on
 * local accounts, the language choice, and Sign Out.
 */
export function UserMenu({ onChangePassphrase }: { onChangePassphrase: () => void }) {
  const { t, i18n } = useTranslation();
  const { brand } = useBrand();
  const session = useSession();
  if (!session.user) return null;
  // Not single sign-on (the provider owns those passphrases) and not a consumer.
  const isLocalStaff = signInModeOf(session.user) === 'cahUser';
  const language = currentLanguage(i18n.resolvedLanguage);

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.item} aria-label={t('NAV.USER_MENU')}>
          <IconUserCircle size={20} aria-hidden />
          {session.user.name}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{session.user.email}</Menu.Label>
        {isLocalStaff && (
          <Menu.Item onClick={onChangePassphrase}>{t('NAV.CHANGE_PASSPHRASE')}</Menu.Item>
        )}
        {isLocalStaff && (
          <Menu.Item
            component="a"
            href={`${brand.knowledgeBaseUrl}/user-guide`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('NAV.KNOWLEDGE_BASE')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Label>{t('NAV.LANGUAGE')}</Menu.Label>
        {languages.map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            onClick={() => void i18n.changeLanguage(code)}
            rightSection={code === language ? <IconCheck size={14} aria-label="✓" /> : null}
            aria-current={code === language ? 'true' : undefined}
          >
            {t(`LANGUAGES.${code}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to={href('base.ui-sign-out')}>
          {t('NAV.SIGN_OUT')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
