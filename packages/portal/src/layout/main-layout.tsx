import { Box, Drawer, Flex, HStack, IconButton, Link as ChakraLink, Portal, Text, useBreakpointValue } from '@chakra-ui/react';
import { useTranslation } from '@cgm-portal/i18n';
import { MenuIcon } from '@cgm-portal/ui';
import { Link, Outlet } from '@tanstack/react-router';
import { useState } from 'react';
import { AlarmBell, AlarmCentreDrawer } from '../features/alarms/alarm-centre';
import { AlarmCentreProvider } from '../features/alarms/alarm-centre-context';
import { ConnectionBanner } from '../features/live/connection-banner';
import { LiveProvider, useLive } from '../features/live/live-provider';
import { menuTitleKey, visibleMenus } from '../routes/menus';
import { useSession } from '../session/session-context';
import { LayoutCounts } from './counts';
import { FullScreenButton, HelpButton, RefreshButton } from './header-actions';
import { KindlyNote } from './kindly-note';
import { LanguageSelect } from './language-select';
import { SettingsDialog, type SettingsTab } from './settings-dialog';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';

const newPortalUrl = (import.meta.env as Record<string, string | undefined>).VITE_NEW_PORTAL_URL || undefined;
const SIDEBAR_WIDTH = '240px';
const SIDEBAR_COLLAPSED = '64px';

/**
 * The main layout (spec §2 Layout): a fixed dark side bar that collapses (CGM users only),
 * a light head with refresh, help, full screen, language and the user menu, the page body and
 * a footer. Followers get the reduced layout: no side bar, their few menu entries in the head.
 * Below the md breakpoint the side bar becomes a drawer.
 */
export function MainLayout() {
  return (
    <LiveProvider>
      <AlarmCentreProvider>
        <MainFrame />
      </AlarmCentreProvider>
    </LiveProvider>
  );
}

function MainFrame() {
  const { t } = useTranslation();
  const { userInfo, variant } = useSession();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsTab, setSettingsTab] = useState<SettingsTab | null>(null);
  const isPhone = useBreakpointValue({ base: true, md: false }) ?? false;
  const menus = userInfo?.menus ?? [];
  const isFollower = userInfo?.accountType === 3;
  const hasSidebar = !isFollower;
  const live = useLive();

  const logo = (
    <Text fontWeight="bold" fontSize={collapsed && !isPhone ? 'sm' : 'lg'} px="4" py="4" truncate data-testid="logo">
      {collapsed && !isPhone ? variant.logoText.slice(0, 3) : variant.logoText}
    </Text>
  );

  return (
    <Flex minH="100vh" bg="page.bg" data-live={live.status}>
      <ChakraLink href="#main" data-print-hide="" position="absolute" insetStart="2" top="-20" _focus={{ top: '2', zIndex: 'skipLink' }} bg="bg" p="2">
        {t('layout.skipToContent')}
      </ChakraLink>
      {hasSidebar && !isPhone && (
        <Box
          as="nav"
          data-print-hide=""
          aria-label={t('layout.mainNavigation')}
          position={variant.layout.fixedSidebar ? 'sticky' : 'relative'}
          top="0"
          h={variant.layout.fixedSidebar ? '100vh' : 'auto'}
          flexShrink={0}
          w={collapsed ? SIDEBAR_COLLAPSED : SIDEBAR_WIDTH}
          bg="sidebar.bg"
          color="sidebar.fg"
          transition="width 0.2s"
          overflowY="auto"
        >
          {logo}
          <SideMenu menus={menus} collapsed={collapsed} />
        </Box>
      )}
      {hasSidebar && isPhone && (
        <Drawer.Root open={drawerOpen} onOpenChange={(e) => setDrawerOpen(e.open)} placement="start">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content bg="sidebar.bg" color="sidebar.fg" maxW="72">
                <Box as="nav" aria-label={t('layout.mainNavigation')}>
                  {logo}
                  <SideMenu menus={menus} collapsed={false} onNavigate={() => setDrawerOpen(false)} />
                </Box>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}
      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          data-print-hide=""
          position={variant.layout.fixedHeader ? 'sticky' : 'relative'}
          top="0"
          zIndex="sticky"
          bg="header.bg"
          borderBottomWidth="1px"
          align="center"
          gap="1"
          px={{ base: '2', md: '4' }}
          h="14"
        >
          {hasSidebar && (
            <IconButton
              aria-label={isPhone ? t('layout.toggleMenu') : collapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}
              aria-expanded={isPhone ? drawerOpen : !collapsed}
              variant="ghost"
              size="sm"
              onClick={() => (isPhone ? setDrawerOpen(true) : setCollapsed((c) => !c))}
            >
              <MenuIcon />
            </IconButton>
          )}
          {hasSidebar && isPhone && (
            <Text fontWeight="bold" truncate data-testid="logo">
              {variant.logoText}
            </Text>
          )}
          {isFollower && (
            <HStack as="nav" aria-label={t('layout.mainNavigation')} gap="3" overflowX="auto">
              <Text fontWeight="bold" data-testid="logo">
                {variant.logoText}
              </Text>
              {visibleMenus(menus).map((m) => (
                <ChakraLink key={m.path} asChild fontSize="sm">
                  <Link to={m.path} activeProps={{ 'aria-current': 'page', style: { fontWeight: 600 } }}>
                    {t(menuTitleKey(m))}
                  </Link>
                </ChakraLink>
              ))}
            </HStack>
          )}
          <Box flex="1" />
          <AlarmBell />
          <LayoutCounts />
          <RefreshButton />
          <Box display={{ base: 'none', sm: 'block' }}>
            <HelpButton />
          </Box>
          <Box display={{ base: 'none', sm: 'block' }}>
            <FullScreenButton />
          </Box>
          <LanguageSelect size="xs" />
          <UserMenu onOpenSettings={() => setSettingsTab('basic')} />
        </Flex>
        <ConnectionBanner />
        <KindlyNote newUrl={newPortalUrl} />
        <Box as="main" id="main" tabIndex={-1} flex="1" p={{ base: '3', md: '6' }} minW="0">
          <Outlet />
        </Box>
        {variant.layout.showFooter && (
          <Box as="footer" data-print-hide="" px="6" py="4" fontSize="xs" color="fg.muted" borderTopWidth="1px" bg="header.bg">
            <Text>{t('layout.footer', { year: new Date().getFullYear(), portalName: variant.portalName })}</Text>
            <Text>{t('layout.footerDisclaimer')}</Text>
          </Box>
        )}
      </Flex>
      <SettingsDialog tab={settingsTab} onTabChange={setSettingsTab} />
      <AlarmCentreDrawer onOpenNotificationSettings={() => setSettingsTab('notifications')} />
    </Flex>
  );
}
