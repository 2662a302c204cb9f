import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PAYMENT_PENDING_REDIRECT_MS, PaymentPendingPage } from './PaymentPendingPage';

describe('PaymentPendingPage', () => {
  it('goes home after 10 seconds', () => {
    vi.useFakeTimers();
    const router = createMemoryRouter(
      [
        { path: '/payment/pending', element: <PaymentPendingPage /> },
        { path: '/', element: <h1>Home</h1> },
      ],
      { initialEntries: ['/payment/pending'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText("We're confirming your payment…")).toBeTruthy();

    act(() => vi.advanceTimersByTime(PAYMENT_PENDING_REDIRECT_MS - 1));
    expect(router.state.location.pathname).toBe('/payment/pending');
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
  });
});
