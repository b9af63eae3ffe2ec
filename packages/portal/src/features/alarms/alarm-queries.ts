import type { Alarm, ApiClient, LiveAlarmsEvent } from '@cgm-portal/api-client';
import { useTranslation } from '@cgm-portal/i18n';
import { toaster } from '@cgm-portal/ui';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

/** Every alarm query starts here; the live stream and the actions refresh it. */
export const ALARMS_KEY = ['alarms'] as const;
const ACTIVE_KEY = [...ALARMS_KEY, 'list'] as const;

/** The alarms this recipient sees, of themselves and of everyone who shares with them. */
export const alarmsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ACTIVE_KEY,
    queryFn: async ({ signal }) => (await api.loadAlarms(undefined, { signal })).rows,
    staleTime: 0,
  });

/** Replaces one member's alarms in the cached list; the other members' stay as they were. */
export function withMemberAlarms(current: readonly Alarm[] | undefined, update: LiveAlarmsEvent): Alarm[] {
  return [...(current ?? []).filter((a) => a.memberId !== update.memberId), ...update.alarms];
}

export function applyLiveAlarms(queryClient: QueryClient, update: LiveAlarmsEvent): void {
  queryClient.setQueryData<Alarm[]>(ACTIVE_KEY, (current) => withMemberAlarms(current, update));
}

export type AlarmAction = { kind: 'acknowledge' } | { kind: 'snooze'; minutes: 30 | 60 };

/** Acknowledge (for every recipient) or snooze (for me); the answer replaces the alarm at once. */
export function useAlarmAction() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ api, alarm, action }: { api: ApiClient; alarm: Alarm; action: AlarmAction }) =>
      action.kind === 'acknowledge' ? api.acknowledgeAlarm({ alarmId: alarm.id }) : api.snoozeAlarm({ alarmId: alarm.id, minutes: action.minutes }),
    onSuccess: (_answer, { action }) => {
      toaster.create({ type: 'success', title: t(action.kind === 'acknowledge' ? 'liveAlerts.alarms.acknowledged' : 'liveAlerts.alarms.snoozed') });
    },
    onError: (error) => {
      toaster.create({ type: 'error', title: error instanceof Error && error.message ? error.message : t('errors.generic') });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALARMS_KEY }),
  });
}
