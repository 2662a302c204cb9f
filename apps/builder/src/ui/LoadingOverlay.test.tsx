import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { trackRequest } from '../api/activeRequests';
import { LoadingOverlay } from './LoadingOverlay';

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('LoadingOverlay', () => {
  it('covers the screen while any request is active', async () => {
    render(<LoadingOverlay />);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();

    const first = deferred();
    const second = deferred();
    let firstCall: Promise<void> = Promise.resolve();
    let secondCall: Promise<void> = Promise.resolve();
    act(() => {
      firstCall = trackRequest(() => first.promise);
      secondCall = trackRequest(() => second.promise);
    });
    expect(screen.getByTestId('loading-overlay').getAttribute('role')).toBe('progressbar');

    await act(async () => {
      first.resolve();
      await firstCall;
    });
    expect(screen.getByTestId('loading-overlay')).toBeTruthy();

    await act(async () => {
      second.resolve();
      await secondCall;
    });
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });

  it('stops counting a request that failed', async () => {
    render(<LoadingOverlay />);
    await act(async () => {
      await trackRequest(() => Promise.reject(new Error('offline'))).catch(() => undefined);
    });
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });
});
