import { notFound } from '../http';

/**
 * The push calls of the contract (issue 20) until Web Push delivery is in (push/). Each answers
 * "not found", the answer of a server without the feature: the portal then hides what needs it.
 * To be replaced, call by call, by the real handlers; nothing here pretends to work. The alarm
 * calls are alerts/calls.ts.
 */
const absent = async (): Promise<never> => {
  throw notFound();
};

export const pendingAlertCalls = {
  notificationAction: absent,
};
