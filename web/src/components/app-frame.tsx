/**
 * The shell shared by the main area, the user center and the admin back end: header with the
 * site's brand, language switch and account menu; a navbar of the entries the user may see.
 * Below `sm` the navbar is a drawer opened by the burger, and it also holds the account links:
 * a phone's header has room for the brand and the language switch only.
 */
import { forwardRef, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { AppShell, Box, Burger, Group, NavLink, ScrollArea, Text, type NavLinkProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, createLink, useLocation, type LinkComponent } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { PermissionMap, UserData } from '@mtp/proto';
import type { NavItem } from '../nav/nav-items';
import { useCurrentSite } from '../site/use-site';
import { LangMenu } from './lang-menu';
import { SiteBrand } from './site-brand';
import { DrawerAccountLinks } from './account-links';
import { UserMenu, isLoggedIn, type Area } from './user-menu';

// Mantine's NavLink driven by the router's Link: typed paths and preloading on intent.
type AnchorNavLinkProps = Omit<NavLinkProps, 'component'> & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof NavLinkProps>;

const AnchorNavLink = forwardRef<HTMLAnchorElement, AnchorNavLinkProps>((props, ref) => <NavLink component="a" ref={ref} {...props} />);
AnchorNavLink.displayName = 'AnchorNavLink';

const CreatedNavLink = createLink(AnchorNavLink);

const RouterNavLink: LinkComponent<typeof AnchorNavLink> = (props) => <CreatedNavLink preload="intent" {...props} />;

type Props = {
  area: Area;
  testId: string;
  navTestId: string;
  navItems: readonly NavItem[];
  user: UserData;
  permissions: PermissionMap;
  /** Shown above every page of the area (the main area's bulletins). */
  banner?: ReactNode;
};

export function AppFrame({ area, testId, navTestId, navItems, user, permissions, banner }: Props) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  const pathname = useLocation({ select: (l) => l.pathname });
  const site = useCurrentSite();

  return (
    <AppShell
      data-testid={testId}
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          {/* The brand gives way (truncates) so the header never pushes its buttons off a phone. */}
          <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" />
            <SiteBrand site={site} />
            {area !== 'main' && (
              <Text c="dimmed" size="sm" visibleFrom="xs">
                {t(`area.${area}`)}
              </Text>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <LangMenu />
            <UserMenu user={user} permissions={permissions} area={area} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" data-testid={navTestId}>
        <AppShell.Section grow component={ScrollArea}>
          {navItems.map((item) => (
            <RouterNavLink key={item.to} to={item.to} label={t(item.labelKey)} active={pathname === item.to} onClick={close} />
          ))}
        </AppShell.Section>
        {isLoggedIn(user) && (
          <Box hiddenFrom="sm">
            <DrawerAccountLinks user={user} permissions={permissions} area={area} onNavigate={close} />
          </Box>
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        {banner}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
