import { ResponseCode, type PushDevice } from '@cgm-portal/api-client/contract';
import { templateLanguage } from '../delivery/templates';
import { notFound, Problem, type CallContext, type Deps } from '../http';
import type { PushDeviceRow } from '../store/types';
import { acknowledgeAlarm, snoozeAlarm } from '../alerts/alert-service';
import { verifyActionToken } from './action-token';
import { enqueuePushDelivery } from './push-jobs';
import { isAllowedEndpoint, isValidSubscriptionKeys, MAX_PUSH_DEVICES, type PushSettings } from './push-service';

/** A device as its owner sees it: never the endpoint or the keys. */
const pushDeviceOf = (row: PushDeviceRow): PushDevice => ({ id: row.id, name: row.name, createdAt: row.createdAt, lastNotifiedAt: row.lastNotifiedAt });

/** A server that cannot send pushes answers "not found", as one without the feature does: the portal then hides it. */
function pushSettings(deps: Deps): PushSettings {
  if (!deps.push) throw notFound();
  return deps.push;
}

/** Settings → Notifications: this account's devices. Followers and members alike have them. */
export const pushCalls = {
  async getPushKey({ deps }: CallContext<'getPushKey'>) {
    return { item: { publicKey: pushSettings(deps).vapid.publicKey } };
  },

  async addPushDevice({ deps, input, viewer }: CallContext<'addPushDevice'>) {
    const settings = pushSettings(deps);
    const { endpoint, keys } = input.subscription;
    if (!isAllowedEndpoint(endpoint, settings.serviceHosts)) throw new Problem(ResponseCode.invalidPayload, 'pushServiceRefused');
    if (!isValidSubscriptionKeys(keys.p256dh, keys.auth)) {
      throw new Problem(ResponseCode.invalidPayload, 'invalidPayload', { field: 'subscription.keys' });
    }
    const memberId = viewer.member.id;
    // The count and the save run alone (member lock), so a parallel burst cannot pass the cap.
    const row = await deps.store.transaction(async (store) => {
      await store.lockMember(memberId);
      const existing = await store.findPushDeviceByEndpoint(endpoint);
      const adds = !existing || existing.memberId !== memberId;
      if (adds && (await store.countPushDevices(memberId)) >= MAX_PUSH_DEVICES) {
        throw new Problem(ResponseCode.conflict, 'tooManyPushDevices', { max: String(MAX_PUSH_DEVICES) });
      }
      return store.savePushDevice({ memberId, endpoint, p256dh: keys.p256dh, auth: keys.auth, name: input.name, createdAt: deps.now() });
    });
    return { item: pushDeviceOf(row) };
  },

  async loadPushDevices({ deps, viewer }: CallContext<'loadPushDevices'>) {
    pushSettings(deps);
    const rows = await deps.store.listPushDevices(viewer.member.id);
    return { rows: rows.map(pushDeviceOf), total: rows.length };
  },

  async removePushDevice({ deps, input, viewer }: CallContext<'removePushDevice'>) {
    pushSettings(deps);
    // Another account's device answers as one that does not exist.
    if (!(await deps.store.deletePushDevice(input.id, viewer.member.id))) throw notFound();
    return {};
  },

  /**
   * A notification's Acknowledge or Snooze, from the service worker with no session: the push's
   * signed token names the alarm and the recipient. Whether that recipient may still act on the
   * member's alarms is decided now, by the alert calls, as for a signed-in tap.
   */
  async notificationAction({ deps, input }: CallContext<'notificationAction'>) {
    const settings = pushSettings(deps);
    const now = deps.now();
    const claim = await verifyActionToken(input.token, settings.vapid.privateKey, now);
    if (!claim) throw new Problem(ResponseCode.linkExpired, 'notificationExpired');
    if (input.action === 'acknowledge') await acknowledgeAlarm(deps.store, claim.alarmId, claim.recipientId, { now });
    else await snoozeAlarm(deps.store, claim.alarmId, claim.recipientId, input.action === 'snooze30' ? 30 : 60, now);
    return {};
  },

  async sendTestNotification({ deps, viewer, lanCode }: CallContext<'sendTestNotification'>) {
    pushSettings(deps);
    const devices = await deps.store.listPushDevices(viewer.member.id);
    if (devices.length === 0) throw new Problem(ResponseCode.notFound, 'noPushDevice');
    const now = deps.now();
    // In the language of the page that asked: the account's remembered language is saved only after this call.
    for (const device of devices) {
      await enqueuePushDelivery(deps.store, { deviceId: device.id, recipientId: viewer.member.id, message: { kind: 'test', lang: templateLanguage(lanCode) } }, now);
    }
    return {};
  },
};
