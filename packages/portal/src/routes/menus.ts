import type { MenuItem } from '@cgm-portal/api-client';

/**
 * Whether the server's menus grant a path (spec §2: menu routes come from the user info).
 * A menu entry also grants the paths below it (`/follower` grants `/follower/...`).
 */
export function isMenuPathAllowed(menus: readonly MenuItem[], pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return menus.some((m) => path === m.path || path.startsWith(`${m.path}/`));
}

/** The entries shown in the side menu, in the server's order. */
export function visibleMenus(menus: readonly MenuItem[]): MenuItem[] {
  return menus.filter((m) => !m.hidden);
}

/** The server names a menu by its route title key (spec §2 "Route title keys"), e.g. `home`. */
export function menuTitleKey(menu: Pick<MenuItem, 'titleKey'>): string {
  return menu.titleKey.includes('.') ? menu.titleKey : `routes.${menu.titleKey}`;
}
