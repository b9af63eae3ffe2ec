import type { Deps } from '../http';
import type { MemberRow } from '../store/types';

/** The Nightscout release whose API the portal answers like; uploaders check it. */
export const NIGHTSCOUT_VERSION = '15.0.2';

/** What every member's Nightscout view offers: treatments in (careportal), the APIs, current glucose, device status, profiles. */
const ALWAYS_ENABLED = ['careportal', 'api', 'bgnow', 'delta', 'direction', 'timeago', 'devicestatus', 'profile'];

/**
 * Nightscout plugins a member's latest device status shows to be in use, so a client that
 * checks `settings.enable` (for `openaps`, `loop`, `iob`, `pump`…) finds what it will find.
 */
export function pluginsShownBy(status: Record<string, unknown> | undefined): string[] {
  if (!status) return [];
  const has = (key: string) => status[key] !== undefined && status[key] !== null;
  const loop = status.loop as Record<string, unknown> | undefined;
  const openaps = status.openaps as Record<string, unknown> | undefined;
  const plugins: string[] = [];
  if (has('openaps')) plugins.push('openaps');
  if (has('loop')) plugins.push('loop');
  if (has('pump')) plugins.push('pump');
  if (has('uploader') || has('uploaderBattery')) plugins.push('upbat');
  if (loop?.iob !== undefined || openaps?.iob !== undefined) plugins.push('iob');
  if (loop?.cob !== undefined || (openaps?.suggested as Record<string, unknown> | undefined)?.COB !== undefined) plugins.push('cob');
  if (has('openaps') || has('loop') || has('pump')) plugins.push('basal');
  return plugins;
}

/**
 * Nightscout's `/api/v1/status` body. Without a secret it tells only what any visitor may know;
 * with one, the member's unit and the plugins their data uses.
 */
export async function statusBody(deps: Deps, member: MemberRow | null) {
  const now = deps.now();
  let enable = ALWAYS_ENABLED;
  if (member) {
    const [latest] = await deps.store.listNightscoutDocs(member.id, 'devicestatus', { order: 'date', desc: true, limit: 1, offset: 0 });
    const shown = pluginsShownBy(latest && (JSON.parse(latest.doc) as Record<string, unknown>));
    enable = [...ALWAYS_ENABLED, ...shown.filter((p) => !ALWAYS_ENABLED.includes(p))];
  }
  return {
    status: 'ok',
    name: 'CGM Portal',
    version: NIGHTSCOUT_VERSION,
    serverTime: new Date(now).toISOString(),
    serverTimeEpoch: now,
    apiEnabled: true,
    careportalEnabled: true,
    boluscalcEnabled: false,
    settings: {
      units: member?.unit === 'mmol/L' ? 'mmol' : 'mg/dl',
      authDefaultRoles: 'denied',
      enable,
      customTitle: 'CGM Portal',
    },
    extendedSettings: {},
    authorized: null,
  };
}
