import { notFound } from '../http';

/**
 * The alert and push calls of the contract (issue 20) until the server's alert engine, alarm
 * store and Web Push delivery are in (the "live-server" part). Each answers "not found", the
 * answer of a server without the feature: the portal then hides what needs it and polls as
 * before. To be replaced, call by call, by the real handlers; nothing here pretends to work.
 */
const absent = async (): Promise<never> => {
  throw notFound();
};

export const pendingAlertCalls = {
  loadAlarms: absent,
  acknowledgeAlarm: absent,
  snoozeAlarm: absent,
  loadAlertPreferences: absent,
  saveAlertPreference: absent,
  notificationAction: absent,
};
