/**
 * The alarm's sound in an open page, made with Web Audio (no file to load, nothing to cache):
 * short beeps repeated until stopped. Urgent low beeps faster and higher than the other alerts,
 * as CGM receivers do, so it can be told apart without looking.
 */
export interface AlarmTone {
  frequencyHz: number;
  beeps: number;
  beepMs: number;
  gapMs: number;
  /** From the start of one group of beeps to the next. */
  everyMs: number;
}

export const ALARM_TONES = {
  urgent: { frequencyHz: 880, beeps: 3, beepMs: 180, gapMs: 120, everyMs: 2_000 },
  alert: { frequencyHz: 660, beeps: 2, beepMs: 220, gapMs: 160, everyMs: 6_000 },
} as const satisfies Record<string, AlarmTone>;
export type ToneName = keyof typeof ALARM_TONES;

export interface AlarmSound {
  /** Plays the tone until `stop` (playing the same tone again changes nothing). */
  play(tone: ToneName): void;
  stop(): void;
  /** The browser holds the sound back until the person interacts with the page. */
  isBlocked(): boolean;
  /** Call from a click: lets a held-back sound start. */
  unlock(): Promise<void>;
}

const VOLUME = 0.3;

export function createAlarmSound(newContext: () => AudioContext = () => new AudioContext()): AlarmSound {
  let context: AudioContext | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let playing: ToneName | null = null;

  const beepGroup = (tone: AlarmTone) => {
    if (!context) return;
    const start = context.currentTime + 0.02;
    for (let i = 0; i < tone.beeps; i++) {
      const at = start + (i * (tone.beepMs + tone.gapMs)) / 1000;
      const end = at + tone.beepMs / 1000;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'square';
      oscillator.frequency.value = tone.frequencyHz;
      // A short ramp at both ends: no click, and square waves are loud enough at 0.3.
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(VOLUME, at + 0.01);
      gain.gain.setValueAtTime(VOLUME, end - 0.01);
      gain.gain.linearRampToValueAtTime(0, end);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(end);
    }
  };

  return {
    play(name) {
      if (playing === name) return;
      clearInterval(timer);
      playing = name;
      context ??= newContext();
      if (context.state === 'suspended') void context.resume().catch(() => {});
      const tone = ALARM_TONES[name];
      beepGroup(tone);
      timer = setInterval(() => beepGroup(tone), tone.everyMs);
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      playing = null;
    },
    isBlocked() {
      return playing !== null && context?.state === 'suspended';
    },
    async unlock() {
      await context?.resume();
    },
  };
}
