import { z } from 'zod';
import { enqueueJob } from '../jobs/queue';
import type { Store } from '../store/types';

/**
 * The queue's push jobs. `alarmPush` (queued by the alert engine's notifier) finds the
 * recipient's devices and queues one `pushDelivery` each, so a device whose push service fails
 * is retried alone and the others are not notified twice.
 */
export const ALARM_PUSH_JOB = 'alarmPush';
export const PUSH_DELIVERY_JOB = 'pushDelivery';

const id = z.number().int().positive();
export const alarmPushPayload = z.object({ alarmId: id, recipientId: id }).strict();
export type AlarmPushPayload = z.infer<typeof alarmPushPayload>;
export const pushDeliveryPayload = z
  .object({
    deviceId: id,
    /** The account the device belonged to when queued: a device taken over by another account since gets nothing. */
    recipientId: id,
    message: z.discriminatedUnion('kind', [z.object({ kind: z.literal('test'), lang: z.string().max(10).optional() }).strict(), z.object({ kind: z.literal('alarm'), alarmId: id }).strict()]),
  })
  .strict();
export type PushDeliveryPayload = z.infer<typeof pushDeliveryPayload>;

/** Tries of one delivery: with the default back-off, 5 s, 10 s, 20 s and 40 s apart. */
export const PUSH_DELIVERY_ATTEMPTS = 5;

export function enqueueAlarmPush(store: Store, payload: AlarmPushPayload, now: number) {
  return enqueueJob(store, { kind: ALARM_PUSH_JOB, payload }, now);
}

export function enqueuePushDelivery(store: Store, payload: PushDeliveryPayload, now: number, dedupKey?: string) {
  return enqueueJob(store, { kind: PUSH_DELIVERY_JOB, payload, dedupKey, maxAttempts: PUSH_DELIVERY_ATTEMPTS }, now);
}
