// One simulated editor tab for bench/autosave-load.ts: it types into a quiz and saves it as the editor's
// autosave does (a save 1.5 s after the last change, at least every 10 s while changes keep coming, never
// two at once), and says it has the quiz open every 10 s as the editor's presence does.

import type { Quiz } from '@quizbeam/contracts/quiz';

export const SAVE_AFTER_IDLE_MS = 1_500;
export const SAVE_AT_LEAST_EVERY_MS = 10_000;
export const PRESENCE_EVERY_MS = 10_000;

/** An editor's session on the server: the cookie and Origin the builder sends. */
export interface EditorSession {
  appUrl: string;
  headers: Record<string, string>;
}

export interface SaveFigures {
  /** Wall time of each PUT, conflicts included, in ms. */
  latencies: number[];
  /** The server's own time for each (its Server-Timing header), in ms. */
  serverTimes: number[];
  saves: number;
  /** Saves refused because another editor saved the quiz first (each is retried over the newer revision). */
  conflicts: number;
  keystrokes: number;
  presenceCalls: number;
}

export const emptyFigures = (): SaveFigures => ({
  latencies: [],
  serverTimes: [],
  saves: 0,
  conflicts: 0,
  keystrokes: 0,
  presenceCalls: 0,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (low: number, high: number) => low + Math.random() * (high - low);

/** People open their editors at different moments: each simulated one starts within this long. */
export const START_SPREAD_MS = 10_000;

/**
 * Starts at a random moment within the first 10 s, then types for `durationMs`: a keystroke every 80-220 ms
 * into one question's text after another, and after each sentence (30-90 keystrokes) a pause of 1.6-3 s, long
 * enough for the idle save. Returns when the last save has been answered.
 */
export async function typeAndAutosave(
  session: EditorSession,
  loaded: Quiz,
  durationMs: number,
  figures: SaveFigures,
): Promise<void> {
  await sleep(between(0, START_SPREAD_MS));
  let quiz = loaded;
  let revision = loaded.revision;
  let firstUnsavedAt: number | null = null;
  let lastChangeAt = 0;
  let saving: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tabId = `bench${crypto.randomUUID().replace(/-/g, '')}`;

  async function put(): Promise<Response> {
    const started = performance.now();
    const response = await fetch(`${session.appUrl}/api/quizzes/${quiz.id}`, {
      method: 'PUT',
      headers: session.headers,
      body: JSON.stringify({ ...quiz, revision }),
    });
    figures.latencies.push(performance.now() - started);
    figures.serverTimes.push(
      Number(/app;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN),
    );
    figures.saves += 1;
    return response;
  }

  async function save(): Promise<void> {
    firstUnsavedAt = null;
    let response = await put();
    // Another editor saved first: the editor merges over the newer revision and saves again.
    while (response.status === 409) {
      figures.conflicts += 1;
      await response.text();
      const current = await fetch(`${session.appUrl}/api/quizzes/${quiz.id}`, { headers: session.headers });
      revision = ((await current.json()) as Quiz).revision;
      response = await put();
    }
    if (!response.ok) throw new Error(`a save failed: ${response.status} ${await response.text()}`);
    revision = ((await response.json()) as Quiz).revision;
  }

  function schedule(): void {
    clearTimeout(timer);
    if (saving || firstUnsavedAt === null) return;
    const dueAt = Math.min(lastChangeAt + SAVE_AFTER_IDLE_MS, firstUnsavedAt + SAVE_AT_LEAST_EVERY_MS);
    timer = setTimeout(startSave, Math.max(0, dueAt - performance.now()));
  }

  function startSave(): void {
    if (saving || firstUnsavedAt === null) return;
    saving = save().finally(() => {
      saving = null;
      schedule();
    });
  }

  const presence = setInterval(() => {
    figures.presenceCalls += 1;
    void fetch(`${session.appUrl}/api/quizzes/${quiz.id}/presence`, {
      method: 'POST',
      headers: session.headers,
      body: JSON.stringify({ tabId }),
    }).then((response) => response.text());
  }, PRESENCE_EVERY_MS);

  const endAt = performance.now() + durationMs;
  let questionIndex = 0;
  while (performance.now() < endAt) {
    const sentence = Math.round(between(30, 90));
    for (let key = 0; key < sentence && performance.now() < endAt; key += 1) {
      const questions = quiz.questions.map((question, index) =>
        index === questionIndex
          ? { ...question, text: `${question.text.slice(-200)}${'abcdefgh '[key % 9]}` }
          : question,
      );
      quiz = { ...quiz, questions };
      figures.keystrokes += 1;
      lastChangeAt = performance.now();
      firstUnsavedAt ??= lastChangeAt;
      schedule();
      await sleep(between(80, 220));
    }
    questionIndex = (questionIndex + 1) % quiz.questions.length;
    await sleep(between(1_600, 3_000));
  }
  clearInterval(presence);
  clearTimeout(timer);
  // What was typed last is saved before the tab is left, as the editor does.
  while (saving) await saving;
  if (firstUnsavedAt !== null) await save();
}
