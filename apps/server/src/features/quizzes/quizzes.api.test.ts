import { type Quiz, quizSchema, quizSummarySchema } from '@quizbeam/contracts/quiz';
import { QUIZ_DOCUMENT_VERSION } from '@quizbeam/contracts/quizConstants';
import { createQuizEndpoint, shareQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { quizzes } from '@quizbeam/db/schema';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REQUEST_TOO_LARGE_TEXT } from '../../http/errorHandler';
import { APP_ORIGIN, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const signedInAccount = (overrides: { proVersion?: boolean } = {}) => t.signIn(overrides);

async function createdQuiz(call: Awaited<ReturnType<typeof signedInAccount>>['call'], type = 'scored') {
  const created = await call('POST', '/api/quizzes', { name: 'Which plan fits you?', type });
  expect(created.statusCode).toBe(200);
  const { quizId } = createQuizEndpoint.response.parse(created.json());
  return quizSchema.parse((await call('GET', `/api/quizzes/${quizId}`)).json());
}

function withOneQuestion(quiz: Quiz): Quiz {
  return {
    ...quiz,
    nextId: 4,
    questions: [
      {
        id: 1,
        rank: 1,
        type: 'single_list',
        image: null,
        text: 'How big is your team?',
        next: { defaultBehaviour: 'next_in_list', behaviour: 'next_in_list', target: null },
        answers: [
          {
            id: 2,
            text: 'Just me',
            image: null,
            imageCaption: '',
            points: 3,
            outcome: null,
            next: { defaultBehaviour: 'follow_question', behaviour: 'end_quiz', target: -1 },
          },
        ],
      },
    ],
    outcomes: [
      {
        id: 3,
        rank: 1,
        name: 'Starter',
        type: 'text',
        redirect: '',
        descriptions: ['You scored [[score]] of [[maxScore]].'],
        image: null,
        enableSocialSharing: true,
        enableCta: false,
        ctaButtonText: '',
        ctaUrl: '',
        scoreRange: { from: 0, to: 3 },
        leadCaptureSettings: {
          targetId: null,
          webhookIds: [],
          headerText: 'You’re All Done!',
          descriptionText: '',
          htmlFormSettings: null,
          dataUsageNote: '',
          privacyPolicyUrl: '',
        },
      },
    ],
  };
}

describe('quizzes API', () => {
  it('creates a quiz from scratch, lists it, saves the whole document and reads it back', async () => {
    const { call } = await signedInAccount();
    const quiz = await createdQuiz(call);
    expect(quiz).toMatchObject({
      version: QUIZ_DOCUMENT_VERSION,
      revision: 0,
      name: 'Which plan fits you?',
      type: 'scored',
      questions: [],
      outcomes: [],
      nextId: 1,
      isPublished: false,
      showPoweredByBadge: null,
      startPage: { enabled: true },
    });
    expect(quiz.leadCaptureSettings).toMatchObject({
      enabled: false,
      captureName: true,
      headerText: 'You’re All Done!',
      descriptionText: 'Enter your e-mail address below to get your results',
    });

    const edited = withOneQuestion({ ...quiz, name: 'Renamed' });
    const saved = await call('PUT', `/api/quizzes/${quiz.id}`, edited);
    expect(saved.statusCode).toBe(200);
    // Each save moves the quiz to its next revision.
    expect(saved.json()).toEqual({ ...edited, revision: 1 });
    expect((await call('GET', `/api/quizzes/${quiz.id}`)).json()).toEqual({ ...edited, revision: 1 });

    const list = z.array(quizSummarySchema).parse((await call('GET', '/api/quizzes')).json());
    expect(list).toEqual([
      expect.objectContaining({
        id: quiz.id,
        name: 'Renamed',
        type: 'scored',
        theme: quiz.theme,
        backgroundImage: null,
      }),
    ]);
  });

  it('answers 400 without a name, saying the name is needed', async () => {
    const { call } = await signedInAccount();
    const response = await call('POST', '/api/quizzes', { name: '  ', type: 'general' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('body/name: Please enter a quiz name.');
  });

  it('names the field path of anything invalid in a saved quiz', async () => {
    const { call } = await signedInAccount();
    const quiz = withOneQuestion(await createdQuiz(call));
    const [question] = quiz.questions;
    const [answer] = question?.answers ?? [];
    const [outcome] = quiz.outcomes;
    if (!question || !answer || !outcome)
      throw new Error('the fixture has a question, an answer and an outcome');
    const cases: [Quiz, string][] = [
      [
        {
          ...quiz,
          questions: [{ ...question, answers: [{ ...answer, points: 11 }] }],
        },
        'body/questions/0/answers/0/points',
      ],
      [
        { ...quiz, outcomes: [{ ...outcome, scoreRange: { from: -1, to: 3 } }] },
        'body/outcomes/0/scoreRange/from',
      ],
      [
        { ...quiz, outcomes: [{ ...outcome, descriptions: ['a', 'b', 'c', 'd'] }] },
        'body/outcomes/0/descriptions',
      ],
      [{ ...quiz, nextId: 2 }, 'body/outcomes/0/id'],
      [{ ...quiz, type: 'general' }, 'body/type'],
    ];
    for (const [body, path] of cases) {
      const response = await call('PUT', `/api/quizzes/${quiz.id}`, body);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error, path).toContain(path);
    }
    // A score interval that ends before it starts is work in progress: saved as typed, refused by Publish.
    const inverted = { ...quiz, outcomes: [{ ...outcome, scoreRange: { from: 5, to: 3 } }] };
    const saved = await call('PUT', `/api/quizzes/${quiz.id}`, inverted);
    expect(saved.statusCode).toBe(200);
    expect(quizSchema.parse(saved.json()).outcomes[0]?.scoreRange).toEqual({ from: 5, to: 3 });
  });

  it('allows alternate outcome descriptions only for pro accounts', async () => {
    const basic = await signedInAccount();
    const basicQuiz = withOneQuestion(await createdQuiz(basic.call));
    const alternates = (quiz: Quiz): Quiz => ({
      ...quiz,
      outcomes: quiz.outcomes.map((outcome) => ({ ...outcome, descriptions: ['First', 'Second', 'Third'] })),
    });
    const refused = await basic.call('PUT', `/api/quizzes/${basicQuiz.id}`, alternates(basicQuiz));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain(
      'body/outcomes/0/descriptions: alternate descriptions need the Pro version',
    );

    const pro = await signedInAccount({ proVersion: true });
    const proQuiz = withOneQuestion(await createdQuiz(pro.call));
    expect((await pro.call('PUT', `/api/quizzes/${proQuiz.id}`, alternates(proQuiz))).statusCode).toBe(200);
  });

  it('keeps the publishing fields out of the editor’s hands', async () => {
    const { call } = await signedInAccount();
    const quiz = await createdQuiz(call);
    const saved = await call('PUT', `/api/quizzes/${quiz.id}`, {
      ...quiz,
      isPublished: true,
      publishedId: 'x',
    });
    // The path is handed out when the quiz is created, so the Publish screen can show it.
    expect(quiz.publishedId).toMatch(/^[a-z0-9]{8}$/);
    expect(saved.json()).toMatchObject({ isPublished: false, publishedId: quiz.publishedId });
  });

  it('deletes a quiz and every record of it', async () => {
    const { call } = await signedInAccount();
    const quiz = await createdQuiz(call);
    expect((await call('DELETE', `/api/quizzes/${quiz.id}`)).json()).toEqual({ ok: true });
    expect((await call('GET', `/api/quizzes/${quiz.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/quizzes')).json()).toEqual([]);
    expect((await call('DELETE', `/api/quizzes/${quiz.id}`)).statusCode).toBe(404);
  });

  it('gives a stable share code for the account’s own quiz', async () => {
    const { call, accountId } = await signedInAccount();
    const quiz = await createdQuiz(call);
    const first = await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/share`);
    expect(first.statusCode).toBe(200);
    const { shareCode } = shareQuizEndpoint.response.parse(first.json());
    expect(shareCode).toMatch(/^[0-9a-f]{16}$/);
    expect((await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/share`)).json()).toEqual({
      shareCode,
    });
  });

  it('treats another account’s quiz as unknown for every call', async () => {
    const owner = await signedInAccount();
    const quiz = withOneQuestion(await createdQuiz(owner.call));
    expect((await owner.call('PUT', `/api/quizzes/${quiz.id}`, quiz)).statusCode).toBe(200);
    const intruder = await signedInAccount();
    expect((await intruder.call('GET', `/api/quizzes/${quiz.id}`)).statusCode).toBe(404);
    expect((await intruder.call('PUT', `/api/quizzes/${quiz.id}`, quiz)).statusCode).toBe(404);
    expect((await intruder.call('DELETE', `/api/quizzes/${quiz.id}`)).statusCode).toBe(404);
    expect(
      (await intruder.call('POST', `/accounts/${owner.accountId}/quizzes/${quiz.id}/share`)).statusCode,
    ).toBe(404);
    expect(
      (await intruder.call('POST', `/accounts/${intruder.accountId}/quizzes/${quiz.id}/share`)).statusCode,
    ).toBe(404);
    expect((await intruder.call('GET', '/api/quizzes')).json()).toEqual([]);
    expect((await owner.call('GET', `/api/quizzes/${quiz.id}`)).json()).toEqual({ ...quiz, revision: 1 });
    expect((await intruder.call('GET', '/api/quizzes/not-a-uuid')).statusCode).toBe(404);
  });

  it('requires a session and a same-origin request', async () => {
    expect((await t.app.inject({ url: '/api/quizzes' })).statusCode).toBe(401);
    const { call } = await signedInAccount();
    const quiz = await createdQuiz(call);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/quizzes/${quiz.id}`,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('reads a stored document of an older version through the migration chain', async () => {
    const { call, accountId } = await signedInAccount();
    const id = crypto.randomUUID();
    await t.database.db.insert(quizzes).values({
      id,
      accountId,
      name: 'Legacy',
      type: 'general',
      document: {
        id,
        name: 'Legacy',
        type: 'general',
        useStartPage: false,
        questions: [{ id: 1, rank: 1, text: 'Pick one', answers: [{ id: 2, text: 'A', outcome: 3 }] }],
        outcomes: [{ id: 3, rank: 1, name: 'Winner', description: 'Well done' }],
      },
    });
    const quiz = quizSchema.parse((await call('GET', `/api/quizzes/${id}`)).json());
    expect(quiz).toMatchObject({
      version: QUIZ_DOCUMENT_VERSION,
      revision: 0,
      startPage: { enabled: false },
      nextId: 4,
    });
    expect(quiz.outcomes[0]?.descriptions).toEqual(['Well done']);
    expect(quiz.questions[0]?.answers[0]).toMatchObject({ points: 0, outcome: 3 });
  });

  it('saves a quiz document of up to 3 MB, and answers a larger one with a plain 413', async () => {
    const { call } = await signedInAccount();
    const quiz = await createdQuiz(call, 'general');
    const withOutcomes = (count: number): Quiz => {
      const built = buildQuiz({
        type: 'general',
        outcomes: Array.from({ length: count }, (_, i) => `O${i}`),
      });
      return {
        ...quiz,
        nextId: built.quiz.nextId,
        outcomes: built.quiz.outcomes.map((outcome) => ({ ...outcome, descriptions: ['x'.repeat(19_000)] })),
      };
    };
    const large = withOutcomes(90); // about 1.7 MB, over the server's default limit of 1 MB
    expect(JSON.stringify(large).length).toBeGreaterThan(1024 * 1024);
    const saved = await call('PUT', `/api/quizzes/${quiz.id}`, large);
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    const tooLarge = await call('PUT', `/api/quizzes/${quiz.id}`, {
      ...withOutcomes(170),
      revision: quizSchema.parse(saved.json()).revision,
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: REQUEST_TOO_LARGE_TEXT, code: 'too_large' });
  });

  it('answers malformed JSON with a clear 400', async () => {
    const { call } = await signedInAccount();
    const quiz = await createdQuiz(call);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/quizzes/${quiz.id}`,
      headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Invalid request. The body is not valid JSON.',
      code: 'validation_failed',
    });
    const poisoned = await t.app.inject({
      method: 'PUT',
      url: `/api/quizzes/${quiz.id}`,
      headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
      payload: '{"name": "Quiz", "__proto__": {"isAdmin": true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json()).toEqual({
      error: 'Invalid request. The body has a key that is not allowed (__proto__ or constructor.prototype).',
      code: 'validation_failed',
    });
  });

  it('offers no templates until templates exist', async () => {
    const { call } = await signedInAccount();
    expect((await call('GET', '/api/templates/for-new-quiz')).json()).toEqual([]);
    expect((await call('GET', '/api/template-categories')).json()).toEqual([]);
    expect(
      (await call('POST', '/api/quizzes', { name: 'X', type: 'general', template: 'abc' })).statusCode,
    ).toBe(404);
  });
});
