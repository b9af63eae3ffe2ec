import { Agent } from 'node:https';
import webPush from 'web-push';
import type { AlarmPush } from '@cgm-portal/api-client/contract';
import { canView } from '../access';
import { PermanentJobFailure, type JobHandler } from '../jobs/queue';
import { telemetry } from '../observability/telemetry';
import type { Store } from '../store/types';
import { ACTION_TOKEN_TTL_MS, signActionToken } from './action-token';
import { alarmPushMessage, testPushMessage, type AlarmForPush } from './push-message';
import { ALARM_PUSH_JOB, alarmPushPayload, enqueuePushDelivery, PUSH_DELIVERY_JOB, pushDeliveryPayload } from './push-jobs';
import type { PushSettings } from './push-service';

/**
 * The alarm as it stands now for one recipient, or null when nothing should ring for them any
 * more (cleared, acknowledged, snoozed by them, or gone). The alert engine answers this; push
 * asks again at the moment of sending, since a retry may come minutes after the alarm was raised.
 */
export type AlarmLookup = (alarmId: number, recipientId: number, now: number) => Promise<AlarmForPush | null>;

export interface PushDeliveryDeps {
  store: Store;
  push: PushSettings;
  now: () => number;
  /** Absent until the alert engine is wired in: alarm jobs then send nothing. */
  alarmLookup?: AlarmLookup;
  /** How long the push service keeps an undelivered alarm for an offline phone. */
  alarmTtlSeconds?: number;
}

/** An alarm older than this is not worth waking a phone that was offline: repeats carry the news. */
export const ALARM_PUSH_TTL_SECONDS = 30 * 60;
const TEST_PUSH_TTL_SECONDS = 5 * 60;
/**
 * Connections to the push services are kept open and reused: a TLS handshake per push would cost
 * more than the push (the benchmark counts connections).
 */
const pushServiceAgent = new Agent({ keepAlive: true, maxSockets: 64 });
/** A push service that does not answer within this is retried through the queue. */
const SEND_TIMEOUT_MS = 10_000;

/** The alarm if `recipientId` may still be told of it now: the permission is checked at send time, not only when queued. */
async function alarmStillFor(deps: PushDeliveryDeps, alarmId: number, recipientId: number) {
  if (!deps.alarmLookup) return null;
  const recipient = await deps.store.getMember(recipientId);
  if (!recipient) return null;
  const now = deps.now();
  const alarm = await deps.alarmLookup(alarmId, recipientId, now);
  // A follower removed, or a member who stopped sharing, since the alarm was raised: nothing more reaches them.
  if (!alarm || !(await canView(deps.store, recipient, alarm.memberId))) return null;
  return { recipient, alarm };
}

/** The queue's handlers for Web Push (kinds in push-jobs.ts). */
export function pushJobHandlers(deps: PushDeliveryDeps): Record<string, JobHandler> {
  return {
    async [ALARM_PUSH_JOB](payload, run) {
      const parsed = alarmPushPayload.safeParse(payload);
      if (!parsed.success) throw new PermanentJobFailure('bad alarmPush payload');
      const { alarmId, recipientId } = parsed.data;
      if (!(await alarmStillFor(deps, alarmId, recipientId))) return;
      const now = deps.now();
      for (const device of await deps.store.listPushDevices(recipientId)) {
        // Keyed by this job, so a fan-out that is retried does not queue a device twice.
        await enqueuePushDelivery(deps.store, { deviceId: device.id, recipientId, message: { kind: 'alarm', alarmId } }, now, `push:${run.id}:${device.id}`);
      }
    },

    async [PUSH_DELIVERY_JOB](payload) {
      const parsed = pushDeliveryPayload.safeParse(payload);
      if (!parsed.success) throw new PermanentJobFailure('bad pushDelivery payload');
      const { deviceId, recipientId, message } = parsed.data;
      const device = await deps.store.getPushDevice(deviceId);
      // Removed since, or now another account's: the notification is no longer for this browser.
      if (!device || device.memberId !== recipientId) return;

      let push: AlarmPush;
      let ttl = TEST_PUSH_TTL_SECONDS;
      let urgency: webPush.Urgency = 'normal';
      let topic: string | undefined;
      if (message.kind === 'alarm') {
        const current = await alarmStillFor(deps, message.alarmId, recipientId);
        if (!current) return;
        const { recipient, alarm } = current;
        const actionToken = await signActionToken({ alarmId: alarm.id, recipientId, expiresAt: deps.now() + ACTION_TOKEN_TTL_MS }, deps.push.vapid.privateKey);
        push = alarmPushMessage(alarm, recipient, actionToken);
        ttl = deps.alarmTtlSeconds ?? ALARM_PUSH_TTL_SECONDS;
        // RFC 8030 §5.3: "high" wakes a phone in power saving; only urgent low needs that.
        urgency = alarm.kind === 'urgentLow' ? 'high' : 'normal';
        // RFC 8030 §5.4: a repeat replaces an earlier push of the same alarm still waiting at the service.
        topic = `alarm${alarm.id}`;
      } else {
        const recipient = await deps.store.getMember(recipientId);
        if (!recipient) return;
        push = testPushMessage({ ...recipient, lang: message.lang ?? recipient.lang });
      }

      try {
        await webPush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(push), {
          vapidDetails: deps.push.vapid,
          TTL: ttl,
          urgency,
          topic,
          timeout: SEND_TIMEOUT_MS,
          agent: pushServiceAgent,
          contentEncoding: 'aes128gcm',
        });
      } catch (error) {
        const status = error instanceof webPush.WebPushError ? error.statusCode : undefined;
        // 404/410: the browser unsubscribed or the subscription expired; it will never work again.
        if (status === 404 || status === 410) {
          await deps.store.deletePushDevice(device.id);
          telemetry.alertDelivered('push', 'expired');
          return;
        }
        telemetry.alertDelivered('push', 'failed');
        // 429 and 5xx are the service's passing trouble, and no answer at all may be too: try again later.
        if (status === undefined || status === 429 || status >= 500) throw new Error(status ? `push service answered ${status}` : `push service unreachable: ${(error as Error).message}`);
        throw new PermanentJobFailure(`push service refused with ${status}`);
      }
      await deps.store.markPushDeviceNotified(device.id, deps.now());
      telemetry.alertDelivered('push', 'delivered');
    },
  };
}
