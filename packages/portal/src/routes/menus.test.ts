import { describe, expect, it } from 'vitest';
import { isMenuPathAllowed, menuTitleKey, visibleMenus } from './menus';

const cgmMenus = [
  { path: '/home', titleKey: 'routes.statusOverview' },
  { path: '/sessionReport', titleKey: 'routes.sessionReport' },
  { path: '/report', titleKey: 'routes.glucoseReport' },
  { path: '/follower', titleKey: 'routes.followerList' },
  { path: '/user/profile', titleKey: 'routes.profile', hidden: true },
];

describe('isMenuPathAllowed', () => {
  it('grants the menu paths, hidden ones included', () => {
    expect(isMenuPathAllowed(cgmMenus, '/report')).toBe(true);
    expect(isMenuPathAllowed(cgmMenus, '/user/profile')).toBe(true);
    expect(isMenuPathAllowed(cgmMenus, '/home/')).toBe(true);
  });
  it('refuses paths outside the menus, including look-alike prefixes', () => {
    expect(isMenuPathAllowed(cgmMenus, '/follow')).toBe(false);
    expect(isMenuPathAllowed(cgmMenus, '/reports')).toBe(false);
    expect(isMenuPathAllowed([], '/home')).toBe(false);
  });
});

describe('visibleMenus', () => {
  it('drops hidden entries and keeps the order', () => {
    expect(visibleMenus(cgmMenus).map((m) => m.path)).toEqual(['/home', '/sessionReport', '/report', '/follower']);
  });
});

describe('menuTitleKey', () => {
  it('reads the server\'s bare route title keys from the routes namespace', () => {
    expect(menuTitleKey({ titleKey: 'glucoseReport' })).toBe('routes.glucoseReport');
    expect(menuTitleKey({ titleKey: 'routes.home' })).toBe('routes.home');
  });
});
