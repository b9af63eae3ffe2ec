import { z } from 'zod';
import { enqueueJob, PermanentJobFailure, type JobHandler } from '../jobs/queue';
import type { Notice, Platform } from '../platform/types';
import type { Store } from '../store/types';

/**
 * A notice to a person (a follow request) goes out through the job queue: the request that causes
 * it answers at once, and a mail server that is down, a restart, or the death of this server
 * only delays the mail, which another try or another server sends. Verification codes are not
 * queued: the person waits for them on the page, and a code in plain text must not wait in a table.
 */
export const NOTICE_JOB = 'notice';

const noticeJob = z.object({
  address: z.string().min(3),
  lang: z.string(),
  notice: z.object({ kind: z.literal('followerRequest'), name: z.string(), email: z.string() }),
});

export function enqueueNotice(store: Store, address: string, notice: Notice, lang: string, now: number) {
  return enqueueJob(store, { kind: NOTICE_JOB, payload: { address, lang, notice } satisfies z.infer<typeof noticeJob> }, now);
}

export function noticeJobHandlers(platform: Platform): Record<string, JobHandler> {
  return {
    async [NOTICE_JOB](payload) {
      const job = noticeJob.safeParse(payload);
      if (!job.success) throw new PermanentJobFailure('unreadable notice job');
      await platform.deliverNotice(job.data.address, job.data.notice, job.data.lang);
    },
  };
}
