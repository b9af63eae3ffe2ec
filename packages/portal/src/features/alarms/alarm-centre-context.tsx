import { ApiError, ResponseCode, type Alarm } from '@cgm-portal/api-client';
import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSession } from '../../session/session-context';
import { useNow } from '../glucose/use-now';
import { usePollingFallback } from '../live/live-provider';
import { alertPreferencesQuery } from '../notifications/notification-queries';
import { byUrgency, isActive, isRinging, ringKey, toneFor } from './alarm-model';
import { alarmsQuery } from './alarm-queries';
import { createAlarmSound, type AlarmSound, type ToneName } from './alarm-sound';

interface AlarmCentreValue {
  /** This recipient's alarms, most urgent first (acknowledged ones stay until cleared). */
  alarms: Alarm[];
  activeCount: number;
  isLoading: boolean;
  /** The server has no alarms (an older server): nothing to show. */
  unavailable: boolean;
  open: boolean;
  setOpen(open: boolean): void;
  /** The tone playing now, or null. */
  tone: ToneName | null;
  /** The browser holds the sound back until a click. */
  soundBlocked: boolean;
  unlockSound(): Promise<void>;
  /** Silences what rings now in this tab; a new alarm or a repeat sounds again. */
  mute(): void;
  muted: boolean;
}

const AlarmCentreContext = createContext<AlarmCentreValue | null>(null);

/**
 * The tab's alarm state: the list (kept current by the live stream, polled while it is down),
 * the open/closed alarm centre, and the sound that plays while an alarm rings.
 */
export function AlarmCentreProvider({ children, createSound = createAlarmSound }: { children: ReactNode; createSound?: () => AlarmSound }) {
  const { api, token } = useSession();
  const refetchInterval = usePollingFallback();
  const query = useQuery({ ...alarmsQuery(api), enabled: token !== null, refetchInterval });
  const preferences = useQuery({ ...alertPreferencesQuery(api), enabled: token !== null });
  // Sound unless the recipient turned it off for that member; unknown preferences sound.
  const soundOn = useCallback((memberId: number) => preferences.data?.find((p) => p.memberId === memberId)?.sound !== false, [preferences.data]);
  const now = useNow(5_000);
  const [open, setOpen] = useState(false);
  const [muted, setMuted] = useState<ReadonlySet<string>>(new Set());
  const [soundBlocked, setSoundBlocked] = useState(false);
  const sound = useRef<AlarmSound | null>(null);

  const alarms = useMemo(() => [...(query.data ?? [])].sort(byUrgency), [query.data]);
  // Wait the moment the choices take to load, so a member's sound turned off never beeps first;
  // if they cannot be loaded, alarms sound.
  const tone = preferences.isPending && token !== null ? null : toneFor(alarms, now, muted, soundOn);

  useEffect(() => {
    if (!tone) {
      sound.current?.stop();
      setSoundBlocked(false);
      return;
    }
    sound.current ??= createSound();
    sound.current.play(tone);
    // The browser decides at once whether it lets the sound start without a click.
    const check = setTimeout(() => setSoundBlocked(sound.current?.isBlocked() ?? false), 300);
    return () => clearTimeout(check);
  }, [tone, createSound]);

  useEffect(() => () => sound.current?.stop(), []);

  const unlockSound = useCallback(async () => {
    await sound.current?.unlock();
    setSoundBlocked(sound.current?.isBlocked() ?? false);
  }, []);

  const mute = useCallback(() => {
    setMuted(new Set(alarms.filter((a) => isRinging(a, Date.now())).map(ringKey)));
  }, [alarms]);

  const value: AlarmCentreValue = {
    alarms,
    activeCount: alarms.filter(isActive).length,
    isLoading: query.isPending && token !== null,
    unavailable: query.error instanceof ApiError && query.error.code === ResponseCode.notFound,
    open,
    setOpen,
    tone,
    soundBlocked: tone !== null && soundBlocked,
    unlockSound,
    mute,
    muted: alarms.some((a) => isRinging(a, now) && muted.has(ringKey(a))),
  };
  return <AlarmCentreContext.Provider value={value}>{children}</AlarmCentreContext.Provider>;
}

export function useAlarmCentre(): AlarmCentreValue {
  const value = useContext(AlarmCentreContext);
  if (!value) throw new Error('useAlarmCentre outside AlarmCentreProvider');
  return value;
}
