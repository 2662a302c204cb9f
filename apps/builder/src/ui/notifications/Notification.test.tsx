import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Notification } from './Notification';
import { NOTIFICATION_DISMISS_MS, showError, showSuccess } from './notificationStore';

describe('Notification', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('is hidden while there is no message', () => {
    render(<Notification />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows an error as an alert and a success as a status', () => {
    render(<Notification />);
    act(() => showError('Broken.'));
    expect(screen.getByRole('alert').textContent).toContain('Broken.');
    act(() => showSuccess('Saved.'));
    expect(screen.getByRole('status').textContent).toContain('Saved.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears itself after 10 seconds', () => {
    render(<Notification />);
    act(() => showError('Broken.'));
    act(() => vi.advanceTimersByTime(NOTIFICATION_DISMISS_MS - 1));
    expect(screen.getByRole('alert')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('restarts the timer for each new message', () => {
    render(<Notification />);
    act(() => showError('First.'));
    act(() => vi.advanceTimersByTime(6_000));
    act(() => showError('Second.'));
    act(() => vi.advanceTimersByTime(6_000));
    expect(screen.getByRole('alert').textContent).toContain('Second.');
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
