import {
  API_BASE_PATH,
  browserTimeZone,
  HEADER_LAN_CODE,
  HEADER_TIME_ZONE,
  HEADER_TOKEN,
  LIVE_HEARTBEAT_MS,
  LIVE_PATH,
  liveAlarmsEvent,
  liveReadingEvent,
  toLanCode,
} from '@cgm-portal/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { loginExpiredSignal } from '../../session/login-expired';
import { useSession } from '../../session/session-context';
import { tokenStore } from '../../session/token-store';
import { applyLiveAlarms, ALARMS_KEY } from '../alarms/alarm-queries';
import { GLUCOSE_KEY } from '../glucose/glucose-queries';
import { FOLLOWERS_KEY } from '../followers/queries';
import { openLiveConnection, type LiveStatus } from './live-connection';
import { applyLiveReading } from './live-readings';

/** While the live stream is down, the live screens ask this often instead (spec §9's 30 s). */
export const POLL_WHILE_DISCONNECTED_MS = 30_000;

interface LiveValue {
  status: LiveStatus;
  /** The browser says it has a network. */
  online: boolean;
}

const LiveContext = createContext<LiveValue>({ status: 'closed', online: true });

function subscribeOnline(change: () => void) {
  window.addEventListener('online', change);
  window.addEventListener('offline', change);
  return () => {
    window.removeEventListener('online', change);
    window.removeEventListener('offline', change);
  };
}

/** Whether the browser has a network (navigator.onLine), kept current. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}

/** An event's data checked against the contract; anything else is ignored, never half-applied. */
function parse<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, data: string): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The tab's one live connection (ARCHITECTURE "Live data"): opened while signed in, it feeds
 * new readings and alarm lists into the query cache; screens read the cache and never open a
 * connection themselves. After a gap it asks again for what the gap may have hidden.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const { token, i18n, apiBaseUrl } = useSession();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const online = useOnline();

  useEffect(() => {
    if (!token) return;
    let hadGap = false;
    const connection = openLiveConnection({
      url: `${apiBaseUrl.replace(/\/+$/, '')}${API_BASE_PATH}${LIVE_PATH}`,
      // Three heartbeats missed: the line is dead even if the socket says otherwise.
      silenceLimitMs: 3 * LIVE_HEARTBEAT_MS,
      headers: () => {
        const current = tokenStore.get();
        return {
          [HEADER_TIME_ZONE]: browserTimeZone(),
          [HEADER_LAN_CODE]: toLanCode(i18n.language()),
          ...(current ? { [HEADER_TOKEN]: current } : {}),
        };
      },
      onEvent: (event) => {
        if (event.event === 'reading') {
          const reading = parse(liveReadingEvent, event.data);
          if (reading) applyLiveReading(queryClient, reading);
        } else if (event.event === 'alarms') {
          const update = parse(liveAlarmsEvent, event.data);
          if (update) applyLiveAlarms(queryClient, update);
        }
      },
      onStatus: (next) => {
        setStatus(next);
        if (next === 'reconnecting') hadGap = true;
        if (next === 'open' && hadGap) {
          hadGap = false;
          // Whatever happened during the gap: the active screens ask once.
          void queryClient.invalidateQueries({ queryKey: ALARMS_KEY });
          void queryClient.invalidateQueries({ queryKey: GLUCOSE_KEY });
          void queryClient.invalidateQueries({ queryKey: FOLLOWERS_KEY });
        }
      },
      onLoginExpired: () => loginExpiredSignal.raise(),
    });
    const back = () => connection.retryNow();
    window.addEventListener('online', back);
    return () => {
      window.removeEventListener('online', back);
      connection.close();
    };
  }, [token, apiBaseUrl, i18n, queryClient]);

  return <LiveContext.Provider value={{ status, online }}>{children}</LiveContext.Provider>;
}

export function useLive(): LiveValue {
  return useContext(LiveContext);
}

/** A live screen's refetch interval: none while the stream is open, polling while it is not. */
export function usePollingFallback(pollMs = POLL_WHILE_DISCONNECTED_MS): number | false {
  return useLive().status === 'open' ? false : pollMs;
}
