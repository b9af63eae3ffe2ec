import { Box, Stack, Text } from '@chakra-ui/react';
import type { MenuItem } from '@cgm-portal/api-client';
import { useTranslation } from '@cgm-portal/i18n';
import { Link } from '@tanstack/react-router';
import { menuTitleKey, visibleMenus } from '../routes/menus';
import { MENU_ICONS } from './menu-icons';

/** The side menu's entries from the server's menus (spec §2): icons and labels, or icons only when collapsed. */
export function SideMenu({ menus, collapsed, onNavigate }: { menus: readonly MenuItem[]; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack as="ul" gap="1" listStyleType="none" p="2" m="0">
      {visibleMenus(menus).map((menu) => {
        const Icon = MENU_ICONS[menu.path];
        const label = t(menuTitleKey(menu));
        return (
          <Box as="li" key={menu.path}>
            <Link
              to={menu.path}
              onClick={onNavigate}
              aria-label={collapsed ? label : undefined}
              title={collapsed ? label : undefined}
              activeOptions={{ exact: true }}
              activeProps={{ 'aria-current': 'page' }}
              style={{ display: 'block' }}
            >
              {({ isActive }) => (
                <Box
                  display="flex"
                  alignItems="center"
                  gap="3"
                  px="3"
                  py="2.5"
                  borderRadius="md"
                  bg={isActive ? 'brand.solid' : 'transparent'}
                  color={isActive ? 'white' : 'sidebar.fg'}
                  _hover={{ bg: isActive ? 'brand.solid' : 'whiteAlpha.200' }}
                  justifyContent={collapsed ? 'center' : 'flex-start'}
                >
                  {Icon && <Icon boxSize="5" />}
                  {!collapsed && <Text fontSize="sm" fontWeight={isActive ? 'semibold' : 'medium'}>{label}</Text>}
                </Box>
              )}
            </Link>
          </Box>
        );
      })}
    </Stack>
  );
}
