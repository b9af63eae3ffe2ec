import { HomeIcon, ListIcon, PeopleIcon, ReportIcon, SessionIcon, SettingsIcon, UserIcon } from '@cgm-portal/ui';
import { PATHS } from '../routes/paths';

/** The icon beside each side-menu entry; the label always stands beside it too. */
export const MENU_ICONS: Record<string, typeof HomeIcon> = {
  [PATHS.home]: HomeIcon,
  [PATHS.sessionReport]: SessionIcon,
  [PATHS.glucoseReport]: ReportIcon,
  [PATHS.agpReport]: ReportIcon,
  [PATHS.followerList]: PeopleIcon,
  [PATHS.follow]: PeopleIcon,
  [PATHS.followerRequest]: PeopleIcon,
  [PATHS.eventList]: ListIcon,
  [PATHS.settings]: SettingsIcon,
  [PATHS.profile]: UserIcon,
};
