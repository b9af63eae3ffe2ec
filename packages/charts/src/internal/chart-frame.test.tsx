import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartFrame, FALLBACK_WIDTH } from './chart-frame';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ChartFrame', () => {
  it('uses a fixed width when given one', () => {
    const { container } = render(<ChartFrame title="T" width={321} direction="ltr" table={null}>{(w) => <svg width={w} />}</ChartFrame>);
    expect(container.querySelector('svg')!.getAttribute('width')).toBe('321');
  });

  it('follows its container as it resizes', () => {
    let callback: ResizeObserverCallback = () => {};
    let width = 500;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(cb: ResizeObserverCallback) {
          callback = cb;
        }
        observe() {}
        disconnect() {}
      },
    );
    const spy = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ width }) as DOMRect);
    const { container } = render(<ChartFrame title="T" direction="ltr" table={null}>{(w) => <svg width={w} />}</ChartFrame>);
    expect(container.querySelector('svg')!.getAttribute('width')).toBe('500');
    width = 360;
    act(() => callback([], {} as ResizeObserver));
    expect(container.querySelector('svg')!.getAttribute('width')).toBe('360');
    spy.mockRestore();
  });

  it('falls back to a default width where nothing can be measured', () => {
    const { container } = render(<ChartFrame title="T" direction="rtl" table={null}>{(w) => <svg width={w} />}</ChartFrame>);
    expect(container.querySelector('svg')!.getAttribute('width')).toBe(String(FALLBACK_WIDTH));
    expect(container.querySelector('figure')!.getAttribute('dir')).toBe('rtl');
  });
});
