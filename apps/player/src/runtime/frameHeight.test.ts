import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportFrameHeight } from './frameHeight';

describe('reportFrameHeight', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(window, 'parent');
    document.documentElement.classList.remove('qb-framed');
  });

  it('does nothing outside an iframe', () => {
    const page = document.createElement('div');
    reportFrameHeight(page)();
    expect(document.documentElement.classList.contains('qb-framed')).toBe(false);
  });

  it('posts the page height to the parent whenever it changes', () => {
    const parent = { postMessage: vi.fn() };
    Object.defineProperty(window, 'parent', { value: parent, configurable: true });
    let observed: (() => void) | undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          observed = callback;
        }
        observe() {}
      },
    );
    const page = document.createElement('div');
    let height = 480.2;
    page.getBoundingClientRect = () => ({ height }) as DOMRect;

    const report = reportFrameHeight(page);
    expect(document.documentElement.classList.contains('qb-framed')).toBe(true);
    expect(parent.postMessage).toHaveBeenLastCalledWith({ type: 'quizbeam:height', height: 481 }, '*');
    height = 700;
    observed?.();
    expect(parent.postMessage).toHaveBeenLastCalledWith({ type: 'quizbeam:height', height: 700 }, '*');
    report();
    expect(parent.postMessage).toHaveBeenCalledTimes(2);
  });

  it('tells the embedding page when the visitor presses Escape in the quiz', () => {
    const parent = { postMessage: vi.fn() };
    Object.defineProperty(window, 'parent', { value: parent, configurable: true });
    reportFrameHeight(document.createElement('div'));
    dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(parent.postMessage).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'close' }), '*');
    dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(parent.postMessage).toHaveBeenLastCalledWith({ source: 'quizbeam', type: 'close' }, '*');
  });
});
