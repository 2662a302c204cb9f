import type { LivePreviewLook } from '@quizbeam/contracts/publishing';
import type { Quiz } from '@quizbeam/contracts/quiz';
import {
  isPaneReadyMessage,
  PANE_SHOW_MESSAGE,
  type PaneScreen,
  type PaneShowMessage,
} from '@quizbeam/player/paneMessages';
import { type RefObject, useEffect, useRef } from 'react';
import type { QuizStore } from '../store/quizStore';
import { lookOf, sameLook } from './livePreviewLook';
import { paneScreenKey } from './livePreviewScreen';

/** A pause in the changes this long sends the quiz: typing at speed sends it once, not per keystroke. */
export const UPDATE_DEBOUNCE_MS = 150;
/** While changes never pause (fast typing), the pane still follows this often. */
export const UPDATE_MAX_WAIT_MS = 500;
/** How long the browser may hold an update back for an idle moment, so it never delays a keystroke's frame. */
const IDLE_TIMEOUT_MS = 250;
/** A new look loads the pane's page again, once the look has stayed the same this long (a colour being dragged). */
export const LOOK_SETTLE_MS = 400;

/*
 * The pane's page has an opaque origin (it is sandboxed, as Preview is), and the only target origin that
 * reaches such a document is '*'. What goes there is the marketer's own quiz, to a frame that only ever
 * holds our page: it cannot navigate itself (its links and forms do nothing, its sandbox has no popups or top
 * navigation), and the quiz is sent only after that page said it is ready, from that frame's window.
 */
const PANE_TARGET_ORIGIN = '*';
const OPAQUE_ORIGIN = 'null';

interface LivePreviewUpdates {
  store: QuizStore;
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** The screen to show for the quiz (a new function when the tab or selection changes: the pane follows). */
  screenOf: (quiz: Quiz) => PaneScreen;
  /** The look the pane's current page was drawn with; the page is loaded again for another. */
  pageLook: LivePreviewLook;
  reloadWith: (look: LivePreviewLook) => void;
}

const whenIdle = (task: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 0);
  return () => clearTimeout(handle);
};

/**
 * Keeps the pane's page showing the quiz as it is edited: after the page says it is ready, the current quiz
 * and screen are posted to it, and again once changes pause (at most UPDATE_MAX_WAIT_MS apart), in an idle
 * moment. A keystroke itself only restarts a timer; the page is never reloaded for text, only for a new look.
 */
export function useLivePreviewUpdates(options: LivePreviewUpdates): void {
  const { store, frameRef, pageLook } = options;
  const latest = useRef(options);
  latest.current = options;
  const schedule = useRef<() => void>(() => {});

  useEffect(() => {
    let ready = false;
    let sent: { quiz: Quiz; screenKey: string } | null = null;
    let firstPendingAt: number | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lookTimer: ReturnType<typeof setTimeout> | undefined;
    let pendingLook: LivePreviewLook | null = null;
    let cancelIdle = () => {};

    /** A look other than the page's loads the page again once it settles; typing meanwhile does not delay it. */
    const followLook = (look: LivePreviewLook) => {
      if (pendingLook && sameLook(pendingLook, look)) return;
      clearTimeout(lookTimer);
      pendingLook = sameLook(look, pageLook) ? null : look;
      if (pendingLook) lookTimer = setTimeout(() => latest.current.reloadWith(look), LOOK_SETTLE_MS);
    };

    const send = () => {
      const quiz = store.getState().current;
      followLook(lookOf(quiz));
      const frameWindow = frameRef.current?.contentWindow;
      if (!ready || !frameWindow) return;
      const screen = latest.current.screenOf(quiz);
      const screenKey = paneScreenKey(screen);
      if (sent?.quiz === quiz && sent.screenKey === screenKey) return;
      const message: PaneShowMessage = { type: PANE_SHOW_MESSAGE, quiz, screen };
      frameWindow.postMessage(message, PANE_TARGET_ORIGIN);
      sent = { quiz, screenKey };
    };

    const sendWhenIdle = () => {
      firstPendingAt = null;
      cancelIdle();
      cancelIdle = whenIdle(send);
    };

    schedule.current = () => {
      const now = performance.now();
      firstPendingAt ??= now;
      clearTimeout(timer);
      timer = setTimeout(
        sendWhenIdle,
        Math.min(UPDATE_DEBOUNCE_MS, Math.max(0, firstPendingAt + UPDATE_MAX_WAIT_MS - now)),
      );
    };

    const onMessage = (event: MessageEvent) => {
      const frameWindow = frameRef.current?.contentWindow;
      if (!frameWindow || event.source !== frameWindow || event.origin !== OPAQUE_ORIGIN) return;
      if (!isPaneReadyMessage(event.data)) return;
      ready = true;
      sent = null;
      send();
    };

    window.addEventListener('message', onMessage);
    const unsubscribe = store.subscribe(() => schedule.current());
    return () => {
      window.removeEventListener('message', onMessage);
      unsubscribe();
      clearTimeout(timer);
      clearTimeout(lookTimer);
      cancelIdle();
      schedule.current = () => {};
    };
  }, [store, frameRef, pageLook]);

  // Another tab or item selected: the pane follows, like after an edit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new screen choice is what must trigger it
  useEffect(() => schedule.current(), [options.screenOf]);
}
