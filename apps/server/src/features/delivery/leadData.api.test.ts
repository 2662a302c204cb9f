import { quizAnalyticsCsvEndpoint, quizAnalyticsEndpoint } from '@quizbeam/contracts/analytics';
import { leadsCsvEndpoint, listLeadsEndpoint } from '@quizbeam/contracts/leads';
import type { Image, Quiz } from '@quizbeam/contracts/quiz';
import { getZapierApiKeyEndpoint, zapierLeadsEndpoint } from '@quizbeam/contracts/zapier';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { describe, expect, it } from 'vitest';
import { publishQuiz, sendVisit } from '../../testing/analytics';
import { addWebhook, useDeliveryHarness } from '../../testing/deliveries';
import { endpointCaller, type SignedInAccount } from '../../testing/testApp';

/*
 * Exact lead data wherever it leaves the editor: a question whose answers are pictures (three with captions,
 * one without) and outcomes whose titles hold score shortcodes, read back from the Leads tab, both CSVs,
 * Analytics, a webhook and Zapier.
 */

const h = useDeliveryHarness();

/** The rows of a CSV whose cells hold no commas or quotes, by column name. */
function csvRecords(body: string): Record<string, string>[] {
  expect(body).not.toMatch(/"/);
  const [header = '', ...rows] = body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  const columns = header.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((cell, index) => [columns[index], cell])));
}

const picture = (account: SignedInAccount, filename: string): Image => ({
  id: crypto.randomUUID(),
  accountId: account.accountId,
  filename,
  s3Key: `${account.accountId}/${filename}`,
  url: `https://images.example/${filename}`,
  width: 800,
  height: 600,
  variants: [
    { width: 320, height: 240, type: 'image/webp', url: `https://images.example/320-${filename}.webp` },
    { width: 160, height: 120, type: 'image/webp', url: `https://images.example/160-${filename}.webp` },
  ],
});

const DRINKS = [
  ['coffee.jpg', 'Coffee'],
  ['tea.jpg', 'Tea'],
  ['juice.jpg', 'Juice'],
  ['water.jpg', ''],
] as const;

async function publishDrinksQuiz(account: SignedInAccount, webhookId: string) {
  const created = (await account.call('POST', '/api/quizzes', { name: 'Drinks', type: 'scored' })).json() as {
    quizId: string;
  };
  const stored = (await account.call('GET', `/api/quizzes/${created.quizId}`)).json() as Quiz;
  const built = buildQuiz({
    type: 'scored',
    questions: [
      { text: 'Your drink?', answers: [{ points: 1 }, { points: 2 }, { points: 3 }, { points: 4 }] },
      {
        text: 'Cups a day?',
        answers: [
          { text: 'One', points: 1 },
          { text: 'More', points: 5 },
        ],
      },
    ],
    outcomes: [
      { from: 0, to: 4 },
      { from: 5, to: 9 },
    ],
  });
  const [drink, cups] = built.quiz.questions;
  const [beginner, expert] = built.quiz.outcomes;
  if (!drink || !cups || !beginner || !expert) throw new Error('fixture');
  const quiz: Quiz = {
    ...built.quiz,
    id: stored.id,
    name: stored.name,
    publishedId: stored.publishedId,
    questions: [
      {
        ...drink,
        type: 'image_single_list',
        answers: drink.answers.map((answer, index) => {
          const [filename, caption] = DRINKS[index] ?? ['', ''];
          return { ...answer, text: '', image: picture(account, filename), imageCaption: caption };
        }),
      },
      cups,
    ],
    outcomes: [
      { ...beginner, name: 'Beginner: [[score]] of [[maxScore]]' },
      { ...expert, name: 'Expert: [[score]] of [[ maxScore ]]' },
    ],
    leadCaptureSettings: { ...built.quiz.leadCaptureSettings, enabled: true, webhookIds: [webhookId] },
  };
  const saved = await account.call('PUT', `/api/quizzes/${quiz.id}`, quiz);
  expect(saved.statusCode).toBe(200);

  return { ...(await publishQuiz(h.t, account, saved.json() as Quiz)), q: built.q, a: built.a };
}

describe('lead data of image answers and shortcode titles', () => {
  it('is readable and resolved in the Leads tab, both CSVs, Analytics, webhooks and Zapier', async () => {
    const account = await h.t.signIn();
    const receiver = await h.endpoint();
    const webhookId = await addWebhook(h.t, account.accountId, `${receiver.url}/leads`);
    const { quiz, snapshotId, q, a } = await publishDrinksQuiz(account, webhookId);
    const [drink, cups] = q;
    const water = a[0]?.[3];
    const one = a[1]?.[0];
    if (!drink || !cups || !water || !one) throw new Error('fixture');
    const drinkAnswer = { questionId: drink, answerId: water };
    const cupsAnswer = { questionId: cups, answerId: one };
    const answers = [drinkAnswer, cupsAnswer];
    await sendVisit(h.t, snapshotId, {
      visitId: 'visit-water-0001234',
      actions: [
        {
          kind: 'events',
          events: [
            { type: 'visit' },
            { type: 'start' },
            { type: 'shown', questionId: drink },
            { type: 'answer', ...drinkAnswer },
            { type: 'shown', questionId: cups },
            { type: 'answer', ...cupsAnswer },
          ],
        },
        { kind: 'lead', answers, email: 'ada@example.com', name: 'Ada' },
      ],
    });
    await h.t.flushEvents();
    const params = { account: account.accountId, id: quiz.id };

    // Water (4 points) and one cup (1 point): 5 of the 9 a visitor can score.
    const leadsPage = (await account.send(listLeadsEndpoint, { params })).data();
    expect(leadsPage.leads[0]?.outcome?.title).toBe('Expert: 5 of 9');
    const leadsCsv = csvRecords((await account.send(leadsCsvEndpoint, { params })).body);
    expect(leadsCsv[0]?.Outcome).toBe('Expert: 5 of 9');

    const analytics = (await account.send(quizAnalyticsEndpoint, { params })).data();
    expect(analytics.outcomes.map((outcome) => outcome.title)).toEqual(['Beginner: of', 'Expert: of']);
    const [drinkFigures, cupFigures] = analytics.questions;
    expect(drinkFigures?.answers.map((answer) => [answer.text, answer.imageUrl, answer.count])).toEqual([
      ['Coffee', 'https://images.example/160-coffee.jpg.webp', 0],
      ['Tea', 'https://images.example/160-tea.jpg.webp', 0],
      ['Juice', 'https://images.example/160-juice.jpg.webp', 0],
      ['Image 4 (water.jpg)', 'https://images.example/160-water.jpg.webp', 1],
    ]);
    expect(cupFigures?.title).toBe('Cups a day?');
    expect(cupFigures?.answers[0]).toMatchObject({ text: 'One', imageUrl: null, count: 1 });

    const responses = csvRecords((await account.send(quizAnalyticsCsvEndpoint, { params })).body);
    expect(responses[0]).toMatchObject({
      'Your drink?': 'Image 4 (water.jpg)',
      'Cups a day?': 'One',
      Outcome: 'Expert: 5 of 9',
      Score: '5',
    });

    expect(await h.worker().runOnce()).toBe(1);
    const delivered = JSON.parse(receiver.received[0]?.body ?? '{}') as {
      data: { outcome: { title: string }; answers: unknown[] };
    };
    const labelled = [
      {
        questionId: drink,
        question: 'Your drink?',
        type: 'image_single_list',
        answerId: water,
        answer: 'Image 4 (water.jpg)',
        display: 'Image 4 (water.jpg)',
      },
      {
        questionId: cups,
        question: 'Cups a day?',
        type: 'single_list',
        answerId: one,
        answer: 'One',
        display: 'One',
      },
    ];
    expect(delivered.data.outcome.title).toBe('Expert: 5 of 9');
    expect(delivered.data.answers).toEqual(labelled);

    const key = (
      await account.send(getZapierApiKeyEndpoint, { params: { account: account.accountId } })
    ).data().apiKey;
    const zapierLeads = (await endpointCaller(h.t.app, { 'x-api-key': key })(zapierLeadsEndpoint)).data();
    expect(zapierLeads[0]).toMatchObject({ outcome: 'Expert: 5 of 9', answers: labelled });
  });
});
