import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALARM_TONES, createAlarmSound } from './alarm-sound';

/** Enough of an AudioContext to see which beeps were scheduled. */
function fakeContext(state: AudioContextState = 'running') {
  const started: number[] = [];
  const param = () => ({ value: 0, setValueAtTime: vi.fn(), linearRampToValueAtTime: vi.fn() });
  const context = {
    state,
    currentTime: 0,
    destination: {},
    resume: vi.fn(async () => void (context.state = 'running')),
    createGain: () => ({ gain: param(), connect: (n: unknown) => n }),
    createOscillator: () => {
      const frequency = param();
      return { type: '', frequency, connect: (n: unknown) => n, start: () => started.push(frequency.value), stop: vi.fn() };
    },
  };
  return { context: context as unknown as AudioContext & { state: AudioContextState }, started };
}

afterEach(() => void vi.useRealTimers());

describe('alarm sound', () => {
  it('beeps the urgent tone in groups until stopped', () => {
    vi.useFakeTimers();
    const { context, started } = fakeContext();
    const sound = createAlarmSound(() => context);
    sound.play('urgent');
    expect(started).toEqual([880, 880, 880]);
    vi.advanceTimersByTime(ALARM_TONES.urgent.everyMs);
    expect(started).toHaveLength(6);
    sound.play('urgent');
    expect(started).toHaveLength(6);
    sound.stop();
    vi.advanceTimersByTime(10 * ALARM_TONES.urgent.everyMs);
    expect(started).toHaveLength(6);
  });

  it('switches tone when the most urgent alarm changes', () => {
    vi.useFakeTimers();
    const { context, started } = fakeContext();
    const sound = createAlarmSound(() => context);
    sound.play('alert');
    sound.play('urgent');
    expect(started).toEqual([660, 660, 880, 880, 880]);
    sound.stop();
  });

  it('reports a sound the browser holds back until a click unlocks it', async () => {
    const { context } = fakeContext('suspended');
    context.resume = vi.fn(async () => {});
    const sound = createAlarmSound(() => context);
    sound.play('alert');
    expect(sound.isBlocked()).toBe(true);
    context.resume = vi.fn(async () => void ((context as { state: AudioContextState }).state = 'running'));
    await sound.unlock();
    expect(sound.isBlocked()).toBe(false);
    sound.stop();
  });
});
