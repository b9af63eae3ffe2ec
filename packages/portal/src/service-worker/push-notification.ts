/**
 * What a push message becomes on screen. The server writes the text in the recipient's language
 * and unit; the worker only shows it. A message it cannot read still shows the app's name and
 * whatever text came, since a push must always end in a visible notification.
 */
export interface PushAction {
  action: string;
  title: string;
}

export interface AlarmPush {
  title: string;
  body: string;
  /** One notification per alarm: a repeat replaces the previous one and rings again. */
  tag?: string;
  /** Where a click on the notification takes the recipient (a path of the app). */
  url?: string;
  /** Urgent low stays on screen until the recipient acts. */
  urgent?: boolean;
  lang?: string;
  dir?: 'ltr' | 'rtl' | 'auto';
  actions?: PushAction[];
  /** Signed by the server: lets Acknowledge and Snooze act without a signed-in page. */
  actionToken?: string;
}

/** What the worker keeps on the notification for its click handler. */
export interface NotificationData {
  url: string;
  actionToken?: string;
}

/** The Notification API's options as Chromium takes them (the DOM typings lack actions). */
export interface ShownNotificationOptions extends NotificationOptions {
  actions?: PushAction[];
  renotify?: boolean;
  vibrate?: number[];
  timestamp?: number;
  data: NotificationData;
}

const DEFAULT_URL = '/home';
/** Browsers show at most two actions on most platforms; the first two are the ones that matter. */
const MAX_ACTIONS = 2;
const URGENT_VIBRATION = [400, 200, 400, 200, 400];

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** Reads the JSON the server sent, keeping only well-formed fields. */
export function parsePush(raw: string | null, appName: string): AlarmPush {
  let value: unknown = null;
  try {
    value = raw === null ? null : JSON.parse(raw);
  } catch {
    return { title: appName, body: raw ?? '' };
  }
  if (value === null || typeof value !== 'object') return { title: appName, body: raw ?? '' };
  const v = value as Record<string, unknown>;
  const actions = Array.isArray(v.actions)
    ? v.actions.filter((a): a is PushAction => typeof a === 'object' && a !== null && !!text((a as PushAction).action) && !!text((a as PushAction).title))
    : [];
  return {
    title: text(v.title) ?? appName,
    body: text(v.body) ?? '',
    tag: text(v.tag),
    url: text(v.url)?.startsWith('/') ? (v.url as string) : undefined,
    urgent: v.urgent === true,
    lang: text(v.lang),
    dir: v.dir === 'rtl' || v.dir === 'ltr' ? v.dir : undefined,
    actions: actions.map(({ action, title }) => ({ action, title })),
    actionToken: text(v.actionToken),
  };
}

/** The title and options handed to `registration.showNotification`. */
export function notificationOf(push: AlarmPush, icon: string): { title: string; options: ShownNotificationOptions } {
  // Actions without the token that authorises them would only fail: offer them only together.
  const actions = push.actionToken ? (push.actions ?? []).slice(0, MAX_ACTIONS) : [];
  return {
    title: push.title,
    options: {
      body: push.body,
      tag: push.tag,
      renotify: push.tag !== undefined,
      requireInteraction: push.urgent === true,
      vibrate: push.urgent ? URGENT_VIBRATION : undefined,
      lang: push.lang,
      dir: push.dir ?? 'auto',
      icon,
      badge: icon,
      actions,
      data: { url: push.url ?? DEFAULT_URL, actionToken: push.actionToken },
    },
  };
}
