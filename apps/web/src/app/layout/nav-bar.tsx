import { ActionIcon, Button, Group, Menu, Select, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconHelpCircle, IconRefresh } from '@tabler/icons-react';
import { wanClassOf } from '@linesight/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePortalSignInMode } from '../../features/auth/api/get-sso-info';
import { subscriberDeviceQueryOptions } from '../../lib/subscriber-device';
import { useBrand } from '../../lib/brand/brand-context';
import { useUpdateAvailable } from '../../lib/build-watcher';
import { helpPageFor, helpUrl } from '../../lib/help';
import {
  currentLineFor,
  href,
  landingPath,
  lineSwitchPath,
  type RouteName,
  routePaths,
} from '../../lib/routes';
import { setCurrentLineOfService, useSession } from '../../lib/session';
import classes from './nav-bar.module.css';
import { type NavEntry, type NavMenu, navigationFor } from './nav-menus';
import { UserMenu } from './user-menu';

function entryHref(entry: NavEntry, losCode: string | undefined): string | undefined {
  if (!entry.needsLine) return routePaths[entry.route];
  return losCode ? href(entry.route as 'base.summary', { losCode }) : undefined;
}

function NavDropdown({ menu, losCode }: { menu: NavMenu; losCode: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.item}>
          {t(menu.labelKey)} <IconChevronDown size={14} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {menu.entries.map((entry) => {
          const to = entryHref(entry, losCode);
          return to ? (
            <Menu.Item key={entry.route} component={Link} to={to}>
              {t(entry.labelKey)}
            </Menu.Item>
          ) : (
            <Tooltip key={entry.route} label={t('NAV.SELECT_LINE_FIRST')} position="right">
              <Menu.Item disabled>{t(entry.labelKey)}</Menu.Item>
            </Tooltip>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

function NavLinkItem({ to, label }: { to: string | undefined; label: string }) {
  return to ? (
    <Link to={to} className={classes.item}>
      {label}
    </Link>
  ) : (
    <span className={classes.item} aria-disabled>
      {label}
    </span>
  );
}

/** Consumers with several lines switch between them here; the screen follows the new line. */
function LineOfServiceSelect({
  lines,
  current,
  routeName,
}: {
  lines: readonly string[];
  current: string | undefined;
  routeName: RouteName | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Select
      aria-label={t('NAV.LINE_OF_SERVICE')}
      size="xs"
      data={[...lines]}
      value={current ?? null}
      allowDeselect={false}
      onChange={(losCode) => {
        if (!losCode) return;
        setCurrentLineOfService(losCode);
        void navigate(lineSwitchPath(routeName, losCode));
      }}
    />
  );
}

export function NavBar({
  routeName,
  routeLineOfService,
  onChangePassphrase,
}: {
  routeName: RouteName | undefined;
  /** The line of service in the route, when the screen has one. */
  routeLineOfService: string | undefined;
  onChangePassphrase: () => void;
}) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const session = useSession();
  const updateAvailable = useUpdateAvailable();
  const portalSignInMode = usePortalSignInMode(session.isAdmin);
  // The route's line (the layout asks for it too, so this shares its answer): WAN statistics of
  // a cable line open the DOCSIS help page.
  const routeLine = useQuery({
    ...subscriberDeviceQueryOptions(routeLineOfService ?? ''),
    enabled: routeLineOfService !== undefined,
  });
  const { user } = session;
  if (!user) return null;
  const losCode = currentLineFor(user, routeLineOfService, session.currentLineOfService);
  const navigation = navigationFor(user, portalSignInMode);

  return (
    <header className={classes.bar}>
      <nav aria-label={t('NAV.MAIN_NAVIGATION')} className={classes.inner}>
        <Link to={landingPath(user, losCode)} className={classes.brand}>
          <img src={brand.logoUrl} alt={brand.companyName} className={classes.logo} />
        </Link>
        <Group gap={2} className={classes.links}>
          {navigation.items.map((item) =>
            item.kind === 'menu' ? (
              <NavDropdown key={item.menu.labelKey} menu={item.menu} losCode={losCode} />
            ) : (
              <NavLinkItem
                key={item.entry.route}
                to={entryHref(item.entry, losCode)}
                label={t(item.entry.labelKey)}
              />
            ),
          )}
        </Group>
        <Group gap="xs" ml="auto" wrap="nowrap">
          {updateAvailable && (
            <Tooltip label={t('NAV.UPDATE_AVAILABLE_HINT')}>
              <Button
                size="xs"
                color="yellow"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={() => window.location.reload()}
              >
                {t('NAV.UPDATE_AVAILABLE')}
              </Button>
            </Tooltip>
          )}
          {navigation.lineChoices.length > 0 && (
            <LineOfServiceSelect
              lines={navigation.lineChoices}
              current={losCode}
              routeName={routeName}
            />
          )}
          <Tooltip label={t('NAV.HELP')}>
            <ActionIcon
              component="a"
              href={helpUrl(
                brand.knowledgeBaseUrl,
                helpPageFor(routeName, wanClassOf(routeLine.data?.wanType)),
              )}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              className={classes.icon}
              aria-label={t('NAV.HELP')}
            >
              <IconHelpCircle size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <UserMenu onChangePassphrase={onChangePassphrase} />
        </Group>
      </nav>
    </header>
  );
}
