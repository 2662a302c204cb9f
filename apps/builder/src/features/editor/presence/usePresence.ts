import {
  leaveQuizPresenceEndpoint,
  type PresenceEditor,
  reportQuizPresenceEndpoint,
} from '@quizbeam/contracts/quizHistory';
import { useEffect, useState } from 'react';
import { callInBackground, urlOf } from '../../../api/apiClient';

/** How often a shown editor tab says it has the quiz open (the server counts a tab for 30 seconds). */
export const PRESENCE_INTERVAL_MS = 10_000;

/** The latest answer: who else has the quiz open, and the revision the server has (null before any answer). */
export interface PresenceState {
  editors: PresenceEditor[];
  revision: number | null;
  savedBy: string | null;
  savedAt: string | null;
}

const NOBODY: PresenceState = { editors: [], revision: null, savedBy: null, savedAt: null };

/** 32 hex digits; `crypto.randomUUID` exists only on secure origins, and the builder may be served over http. */
function newTabId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Says this tab has the quiz open: at once, then every 10 seconds while the tab is shown (and at once when
 * it is shown again), one call at a time; says it left when the editor unmounts or the page is hidden for
 * good (a keepalive request, which outlives the page). A failed call changes nothing: presence is a hint.
 */
export function usePresence(quizId: string): PresenceState {
  const [state, setState] = useState<PresenceState>(NOBODY);

  useEffect(() => {
    // A new id per mount, so one person's two tabs (or two editors one after the other) count apart.
    const tabId = newTabId();
    let stopped = false;
    let inFlight = false;
    let timer: ReturnType<typeof setInterval> | undefined;

    async function report() {
      if (stopped || inFlight || document.visibilityState !== 'visible') return;
      inFlight = true;
      try {
        const answer = await callInBackground(reportQuizPresenceEndpoint, {
          params: { id: quizId },
          body: { tabId },
        });
        if (!stopped) setState(answer);
      } catch {
        // Offline, signed out or limited: the next report tries again.
      } finally {
        inFlight = false;
      }
    }

    function restartReports() {
      clearInterval(timer);
      void report();
      timer = setInterval(report, PRESENCE_INTERVAL_MS);
    }

    function leave() {
      globalThis
        .fetch(urlOf(leaveQuizPresenceEndpoint, { params: { id: quizId, tabId } }), {
          method: 'DELETE',
          credentials: 'same-origin',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          keepalive: true,
        })
        .catch(() => {
          // Best effort: the server stops counting a silent tab after 30 seconds anyway.
        });
    }

    function onVisibilityChange() {
      if (document.visibilityState === 'visible') restartReports();
      else clearInterval(timer);
    }

    function onPageHide(event: PageTransitionEvent) {
      // A page kept in the back-forward cache may come back: it reports again on `pageshow`.
      leave();
      if (event.persisted) clearInterval(timer);
    }

    function onPageShow(event: PageTransitionEvent) {
      if (event.persisted) restartReports();
    }

    restartReports();
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      leave();
      setState(NOBODY);
    };
  }, [quizId]);

  return state;
}
