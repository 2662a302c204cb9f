import {
  leaveQuizPresenceEndpoint,
  presenceTabIdSchema,
  type QuizPresence,
  reportQuizPresenceEndpoint,
} from '@quizbeam/contracts/quizHistory';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { on, receivedCalls, routeFetch } from '../../../test/fakeServer';
import { PRESENCE_INTERVAL_MS, usePresence } from './usePresence';

const answer: QuizPresence = {
  revision: 8,
  savedBy: 'ana@example.com',
  savedAt: '2026-11-27T15:42:00.000Z',
  editors: [{ email: 'ana@example.com', tabCount: 1 }],
};

let visibility: DocumentVisibilityState = 'visible';

function showTab(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

function serve() {
  return routeFetch([
    on(reportQuizPresenceEndpoint, answer, { id: '7' }),
    on(leaveQuizPresenceEndpoint, { ok: true }, { id: '7' }),
  ]);
}

const reports = (fetchMock: ReturnType<typeof routeFetch>) =>
  receivedCalls(fetchMock).filter((call) => call.route === 'POST /api/quizzes/7/presence');

const tabIds = (fetchMock: ReturnType<typeof routeFetch>) =>
  reports(fetchMock).map((call) => (call.body as { tabId: string }).tabId);

/** Lets the calls' promises run (inside act, so React applies their updates) until `check` passes. */
async function eventually(check: () => void) {
  for (let attempt = 0; ; attempt += 1) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    try {
      check();
      return;
    } catch (error) {
      if (attempt >= 400) throw error;
    }
  }
}

beforeEach(() => {
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  // Only the reports' interval is driven by the test; the calls' promises run as they do in a browser.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});

afterEach(() => {
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('usePresence', () => {
  it('reports at once and every 10 seconds while shown, and answers the latest news', async () => {
    const fetchMock = serve();
    const { result } = renderHook(() => usePresence('7'));
    expect(result.current).toEqual({ editors: [], revision: null, savedBy: null, savedAt: null });
    await eventually(() => expect(result.current).toEqual(answer));
    expect(reports(fetchMock)).toHaveLength(1);
    const tabId = tabIds(fetchMock)[0];
    expect(presenceTabIdSchema.safeParse(tabId).success).toBe(true);

    act(() => vi.advanceTimersByTime(PRESENCE_INTERVAL_MS));
    await eventually(() => expect(reports(fetchMock)).toHaveLength(2));
    expect(reports(fetchMock).map((call) => call.body)).toEqual([{ tabId }, { tabId }]);
  });

  it('stays quiet while the tab is hidden, reports again as soon as it is shown, and leaves on unmount', async () => {
    const fetchMock = serve();
    const { result, unmount } = renderHook(() => usePresence('7'));
    await eventually(() => expect(result.current).toEqual(answer));

    act(() => showTab('hidden'));
    act(() => vi.advanceTimersByTime(PRESENCE_INTERVAL_MS * 5));
    expect(reports(fetchMock)).toHaveLength(1);

    act(() => showTab('visible'));
    await eventually(() => expect(reports(fetchMock)).toHaveLength(2));
    const tabId = tabIds(fetchMock)[0];

    unmount();
    const leave = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(leave?.[0]).toBe(`/api/quizzes/7/presence/${tabId}`);
    expect(leave?.[1]).toMatchObject({ keepalive: true, credentials: 'same-origin' });
    act(() => vi.advanceTimersByTime(PRESENCE_INTERVAL_MS * 3));
    expect(reports(fetchMock)).toHaveLength(2);
  });

  it('leaves when the page goes away, and gives every mount its own tab id', async () => {
    const fetchMock = serve();
    const first = renderHook(() => usePresence('7'));
    await eventually(() => expect(first.result.current).toEqual(answer));
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    });
    const firstTab = tabIds(fetchMock)[0];
    expect(receivedCalls(fetchMock).map((call) => call.route)).toContain(
      `DELETE /api/quizzes/7/presence/${firstTab}`,
    );

    first.unmount();
    const second = renderHook(() => usePresence('7'));
    await eventually(() => expect(second.result.current).toEqual(answer));
    const secondTab = tabIds(fetchMock)[1];
    expect(secondTab).not.toBe(firstTab);
    second.unmount();
  });

  it('keeps the last news when a report fails', async () => {
    let failing = false;
    const fetchMock = routeFetch([
      on(reportQuizPresenceEndpoint, () =>
        failing ? { status: 503, body: {} } : { status: 200, body: answer },
      ),
    ]);
    const { result } = renderHook(() => usePresence('7'));
    await eventually(() => expect(result.current).toEqual(answer));
    failing = true;
    act(() => vi.advanceTimersByTime(PRESENCE_INTERVAL_MS));
    await eventually(() => expect(reports(fetchMock)).toHaveLength(2));
    await eventually(() => undefined);
    expect(result.current).toEqual(answer);
  });
});
