import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FIRST_BATCH, LATER_BATCH, useRevealedCount } from './useRevealedCount';

describe('useRevealedCount', () => {
  it('reveals the first batch at once and one more batch per idle moment, up to the total', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useRevealedCount(70));
    expect(result.current).toBe(FIRST_BATCH);
    act(() => {
      vi.advanceTimersToNextTimer();
    });
    expect(result.current).toBe(FIRST_BATCH + LATER_BATCH);
    act(() => {
      vi.runAllTimers();
    });
    expect(result.current).toBe(70);
  });

  it('shows a short list whole, with nothing left to schedule', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useRevealedCount(5));
    expect(result.current).toBe(5);
    expect(vi.getTimerCount()).toBe(0);
  });
});
