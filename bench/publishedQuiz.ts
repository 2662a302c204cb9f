// Shared by the player benchmarks: an account, a realistic published quiz, and its live snapshot id.

import type { LeadCaptureSettings, Quiz } from '@quizbeam/contracts/quiz';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import type { RunningServer } from '../e2e/src/serverProcess';
import { type AccountFlags, createAccount } from '../e2e/src/support';

export interface PublishedQuiz {
  quiz: Quiz;
  url: string;
  snapshotId: string;
  /** A finished path: each question's first answer. */
  answers: { questionId: number; answerId: number }[];
  /** The owner's account and session cookie, for calls to the API. */
  accountId: string;
  cookie: string;
}

/** The owner's API, for capture settings that need the account first (a connection to an email service). */
export type OwnerCall = (method: string, path: string, body?: unknown) => Promise<unknown>;
type CaptureSettings =
  | Partial<LeadCaptureSettings>
  | ((owner: { call: OwnerCall; accountId: string }) => Promise<Partial<LeadCaptureSettings>>);

/** A scored quiz of 10 questions × 4 answers, 3 outcomes, start page and lead capture on. */
export async function publishBenchQuiz(
  server: RunningServer,
  captureSettings: CaptureSettings = {},
  accountFlags: AccountFlags = {},
): Promise<PublishedQuiz> {
  const { email, accountId } = await createAccount(
    server.dataDir,
    { ...accountFlags, password: 'bench-secret' },
    server.env.DATABASE_URL ?? '',
  );
  const origin = new URL(server.appUrl).origin;
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-secret' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const call: OwnerCall = async (method, path, body) => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { origin, cookie, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  const leadCapture =
    typeof captureSettings === 'function' ? await captureSettings({ call, accountId }) : captureSettings;
  const { quizId } = (await call('POST', '/api/quizzes', { name: 'Benchmark quiz', type: 'scored' })) as {
    quizId: string;
  };
  const stored = (await call('GET', `/api/quizzes/${quizId}`)) as Quiz;
  const built = buildQuiz({
    type: 'scored',
    questions: Array.from({ length: 10 }, (_, index) => ({
      text: `Question ${index + 1}: how often do you review your marketing funnel?`,
      answers: [{ points: 3 }, { points: 2 }, { points: 1 }, { points: 0 }],
    })),
    outcomes: [
      { from: 0, to: 10 },
      { from: 11, to: 20 },
      { from: 21, to: 30 },
    ],
  });
  const quiz: Quiz = {
    ...built.quiz,
    id: stored.id,
    name: stored.name,
    publishedId: stored.publishedId,
    title: 'How healthy is your marketing funnel?',
    description: 'Ten quick questions, and a plan to fix the weakest step.',
    cta: 'Start the quiz',
    startPage: { enabled: true },
    leadCaptureSettings: {
      ...built.quiz.leadCaptureSettings,
      enabled: true,
      captureName: true,
      ...leadCapture,
    },
    outcomes: built.quiz.outcomes.map((outcome, index) => ({
      ...outcome,
      name: `Result ${index + 1}: you scored [[score]] of [[maxScore]]`,
      descriptions: ['Here is what to work on first, and how our customers fixed it in a month.'],
    })),
  };
  const published = (await call('POST', `/accounts/${accountId}/quizzes/${quizId}/publish`, quiz)) as Quiz;
  const url = `${server.publishUrl}/${published.publishedId}`;
  const html = await (await fetch(url)).text();
  const snapshotId = html.match(/"snapshotId":"([0-9a-f-]{36})"/)?.[1];
  if (!snapshotId) throw new Error('the published page names no snapshot');
  const answers = built.quiz.questions.map((question) => ({
    questionId: question.id,
    answerId: question.answers[0]?.id ?? 0,
  }));
  return { quiz: published, url, snapshotId, answers, accountId, cookie };
}

/** Capture settings that send each lead to an HTML form at `action` with one email field. */
export function htmlFormDestination(action: string): Partial<LeadCaptureSettings> {
  return {
    type: 'html-form',
    htmlFormSettings: {
      htmlFormId: null,
      formData: {
        method: 'post',
        action,
        fields: [{ name: 'email', type: 'email', value: '', label: 'Email' }],
        submit: { name: '', value: '' },
      },
      fieldMappings: { name: null, email: 'email', checkboxes: [] },
    },
  };
}
