import { createServer, type Server } from 'node:http';
import { inlineEmbedCode } from '@quizbeam/contracts/publishing';
import { mostAnsweredOutcome } from '@quizbeam/quiz-engine/generalOutcome';
import { maxScore, scoredOutcome, substituteScore, totalPoints } from '@quizbeam/quiz-engine/scoring';
import { buildQuiz, type QuizSpec } from '@quizbeam/quiz-engine/testing/quizzes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from '../../apps/server/src/testing/dnsServer';
import { answer, heading, publishingHelpers, scoredOutcomes, scoredSpec } from './publishingSupport';
import { type RunningServer, startServer } from './serverProcess';
import { freshPagePerTest, leadsOf } from './support';

const CUSTOM_DOMAIN = 'quiz.example.test';

let server: RunningServer;
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startTestDnsServer({ [CUSTOM_DOMAIN]: { a: ['127.0.0.1'] } });
  server = await startServer({ DNS_SERVERS: dns.address, PUBLISH_IPS: '127.0.0.1' });
});
afterAll(async () => {
  await server?.stop();
  await dns?.close();
});

// Chromium reaches the custom domain on this machine, as DNS would send it to the publish host.
const ui = freshPagePerTest({ viewport: { width: 1280, height: 900 } }, [
  `--host-resolver-rules=MAP ${CUSTOM_DOMAIN} 127.0.0.1`,
]);

const { storedQuiz, publishInEditor } = publishingHelpers(ui, () => server);

describe('a published quiz, taken by a visitor', () => {
  it('scored: a branching path, the capture form, the outcome the engine predicts, and the stored lead', async () => {
    const quiz = await storedQuiz(scoredSpec, {
      title: 'How ready is your funnel?',
      cta: 'Start the quiz',
      startPage: { enabled: true },
      outcomes: scoredOutcomes(),
      leadCaptureSettings: {
        ...buildQuiz(scoredSpec).quiz.leadCaptureSettings,
        enabled: true,
        captureName: true,
        useConfirmationCheckbox: true,
      },
    });
    const url = await publishInEditor(quiz.id);
    expect(url).toBe(`${server.publishUrl}/${quiz.publishedId}`);

    const visitor = await ui.browser.newPage();
    await visitor.goto(`${url}?utm_source=newsletter&utm_campaign=spring`);
    await expect.poll(() => heading(visitor).innerText()).toBe('How ready is your funnel?');
    await visitor.getByRole('button', { name: 'Start the quiz' }).click();
    await answer(visitor, 'Ten or more');
    // Ten or more jumps past question 2.
    await expect.poll(() => heading(visitor).innerText()).toBe('Do you run paid ads?');
    await answer(visitor, 'Every month');
    await expect.poll(() => heading(visitor).innerText()).toBe('You’re All Done!');
    await visitor.getByLabel(/email/i).fill('not-an-email');
    await visitor.getByRole('button', { name: 'Show My Results' }).click();
    await expect.poll(() => heading(visitor).innerText()).toBe('You’re All Done!');
    await visitor.getByLabel(/email/i).fill('ada@example.com');
    await visitor.getByLabel(/name/i).fill('Ada Lovelace');
    await visitor.getByLabel(/I confirm I have read/).check();
    await visitor.getByRole('button', { name: 'Show My Results' }).click();

    const chosen = [quiz.questions[0]?.answers[0]?.id ?? 0, quiz.questions[2]?.answers[0]?.id ?? 0];
    const score = totalPoints(quiz, chosen);
    const expected = scoredOutcome(quiz, score);
    expect(score).toBe(5);
    await expect
      .poll(() => heading(visitor).innerText())
      .toBe(substituteScore(expected?.name ?? '', score, maxScore(quiz)));
    expect(await heading(visitor).innerText()).toBe('Ready to grow: 5 of 5');

    const [lead, ...others] = await leadsOf(server.dataDir, quiz.id);
    expect(others).toEqual([]);
    expect(lead).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      consent: true,
      outcomeId: expected?.id,
      score: 5,
      utm: { utm_source: 'newsletter', utm_campaign: 'spring' },
      answers: [
        { questionId: quiz.questions[0]?.id, answerId: chosen[0] },
        { questionId: quiz.questions[2]?.id, answerId: chosen[1] },
      ],
    });
    await visitor.close();
  });

  it('general: Back, a branch, the most answered outcome; edits wait for Republish; Unpublish makes it 404', async () => {
    const spec: QuizSpec = {
      type: 'general',
      questions: [
        {
          text: 'Pick a weekend',
          answers: [
            { text: 'Mountains', outcome: 0, to: 2 },
            { text: 'Beach', outcome: 1 },
          ],
        },
        {
          text: 'Pick a drink',
          answers: [
            { text: 'Tea', outcome: 0 },
            { text: 'Cocktail', outcome: 1 },
          ],
        },
        {
          text: 'Pick a book',
          answers: [
            { text: 'Maps', outcome: 0 },
            { text: 'Novel', outcome: 1 },
          ],
        },
      ],
      outcomes: ['The Explorer', 'The Relaxer'],
    };
    const quiz = await storedQuiz(spec, { title: 'Which traveller are you?', startPage: { enabled: false } });
    const url = await publishInEditor(quiz.id);

    const visitor = await ui.browser.newPage();
    await visitor.goto(url);
    await expect.poll(() => heading(visitor).innerText()).toBe('Pick a weekend');
    await answer(visitor, 'Beach');
    await expect.poll(() => heading(visitor).innerText()).toBe('Pick a drink');
    await visitor.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => heading(visitor).innerText()).toBe('Pick a weekend');
    await answer(visitor, 'Mountains');
    await expect.poll(() => heading(visitor).innerText()).toBe('Pick a book');
    await answer(visitor, 'Novel');
    const chosen = [quiz.questions[0]?.answers[0]?.id ?? 0, quiz.questions[2]?.answers[1]?.id ?? 0];
    const expected = mostAnsweredOutcome(quiz, chosen);
    expect(expected?.name).toBe('The Explorer');
    await expect.poll(() => heading(visitor).innerText()).toBe('The Explorer');

    const origin = new URL(server.appUrl).origin;
    await ui.page.request.put(`${server.appUrl}/api/quizzes/${quiz.id}`, {
      data: {
        ...quiz,
        questions: quiz.questions.map((q, i) => (i === 0 ? { ...q, text: 'Changed text' } : q)),
      },
      headers: { origin },
    });
    await visitor.goto(url);
    await expect.poll(() => heading(visitor).innerText()).toBe('Pick a weekend');

    await ui.page.reload();
    await ui.page.getByRole('button', { name: 'Unpublish' }).click();
    await ui.page.getByRole('dialog').getByRole('button', { name: 'Unpublish' }).click();
    await expect.poll(() => ui.page.getByText('Quiz has been unpublished').isVisible()).toBe(true);
    const gone = await visitor.goto(url);
    expect(gone?.status()).toBe(404);
    await visitor.close();
  });

  it('previews the quiz being edited in a sandboxed frame, and runs the scripts only when published', async () => {
    const quiz = await storedQuiz(scoredSpec, {
      title: 'Saved title',
      startPage: { enabled: true },
      cta: 'Begin',
      outcomes: scoredOutcomes(),
    });
    const origin = new URL(server.appUrl).origin;
    const me = (await (await ui.page.request.get(`${server.appUrl}/api/me`)).json()) as {
      account: { id: string };
    };
    const script = (marker: string) => `<script>document.documentElement.dataset.${marker} = 'ran';</script>`;
    await ui.page.request.put(`${server.appUrl}/accounts/${me.account.id}/scripts/on-start-page`, {
      data: { code: script('accountStart') },
      headers: { origin },
    });
    await ui.page.request.put(`${server.appUrl}/api/quizzes/${quiz.id}/scripts/on-start-page`, {
      data: { code: script('quizStart') },
      headers: { origin },
    });

    await ui.page.goto(`${server.appUrl}/quizzes/${quiz.id}/start-page`);
    await ui.page.getByLabel('Title').fill('Unsaved title');
    await ui.page.getByRole('button', { name: 'Preview' }).click();
    const preview = ui.page.frameLocator('iframe[title="Quiz preview"]');
    await expect.poll(() => preview.getByRole('heading', { level: 1 }).innerText()).toBe('Unsaved title');
    expect(await preview.locator('html').getAttribute('data-quiz-start')).toBeNull();
    await preview.getByRole('button', { name: 'Begin' }).click();
    await preview.getByRole('button', { name: 'Ten or more' }).click();
    await preview.getByRole('button', { name: 'Every month' }).click();
    await expect
      .poll(() => preview.getByRole('heading', { level: 1 }).innerText())
      .toBe('Ready to grow: 5 of 5');
    await ui.page.getByRole('button', { name: 'Close preview' }).click();

    await ui.page.getByRole('button', { name: 'Save' }).click();
    const url = await publishInEditor(quiz.id);
    const visitor = await ui.browser.newPage();
    await visitor.goto(url);
    await expect.poll(() => heading(visitor).innerText()).toBe('Unsaved title');
    expect(await visitor.locator('html').getAttribute('data-account-start')).toBe('ran');
    expect(await visitor.locator('html').getAttribute('data-quiz-start')).toBe('ran');
    await visitor.close();
  });

  it('works embedded in a page of another origin, and resizes to its content', async () => {
    const quiz = await storedQuiz(scoredSpec, {
      title: 'Embedded quiz',
      startPage: { enabled: true },
      cta: 'Go',
      outcomes: scoredOutcomes(),
    });
    const url = await publishInEditor(quiz.id);
    const host: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        `<!doctype html><title>Partner blog</title><h1>Our blog</h1>${inlineEmbedCode(url)}<p>Footer</p>`,
      );
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const address = host.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const visitor = await ui.browser.newPage();
      // localhost:other-port is another origin than the publish origin (127.0.0.1:server-port).
      await visitor.goto(`http://localhost:${port}/`);
      const frame = visitor.frameLocator('iframe[title="Quiz"]');
      await expect.poll(() => frame.getByRole('heading', { level: 1 }).innerText()).toBe('Embedded quiz');
      const iframe = visitor.locator('iframe[title="Quiz"]');
      await expect.poll(async () => (await iframe.boundingBox())?.height ?? 0).toBeGreaterThan(150);
      await frame.getByRole('button', { name: 'Go' }).click();
      await frame.getByRole('button', { name: 'Just me' }).click();
      await frame.getByRole('button', { name: 'Not yet' }).click();
      await frame.getByRole('button', { name: 'Never' }).click();
      await expect
        .poll(() => frame.getByRole('heading', { level: 1 }).innerText())
        .toBe('Getting started: 0 of 5');
      const contentHeight = await frame.locator('body').evaluate((body) => body.scrollHeight);
      await expect
        .poll(async () => Math.round((await iframe.boundingBox())?.height ?? 0))
        .toBe(contentHeight);
      await visitor.close();
    } finally {
      host.close();
    }
  });

  it('is served on a custom domain added on the Domains screen', async () => {
    const quiz = await storedQuiz(scoredSpec, {
      title: 'On our own domain',
      startPage: { enabled: false },
      outcomes: scoredOutcomes(),
      leadCaptureSettings: {
        ...buildQuiz(scoredSpec).quiz.leadCaptureSettings,
        enabled: true,
        captureName: false,
      },
    });
    await ui.page.goto(`${server.appUrl}/domains`);
    await ui.page.getByLabel('Enter Domain').fill(CUSTOM_DOMAIN);
    await ui.page.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => ui.page.getByText(CUSTOM_DOMAIN).first().isVisible()).toBe(true);
    await expect.poll(() => ui.page.getByLabel('Enter Domain').inputValue()).toBe('');

    const url = await publishInEditor(quiz.id, CUSTOM_DOMAIN);
    expect(url).toBe(`https://${CUSTOM_DOMAIN}/${quiz.publishedId}`);
    const port = new URL(server.publishUrl).port;
    const onDomain = `http://${CUSTOM_DOMAIN}:${port}/${quiz.publishedId}`;
    const visitor = await ui.browser.newPage();
    await visitor.goto(onDomain);
    await expect.poll(() => heading(visitor).innerText()).toBe('How big is your team?');
    await answer(visitor, 'Just me');
    await answer(visitor, 'Yes, mostly');
    await answer(visitor, 'Never');
    await visitor.getByLabel(/email/i).fill('grace@example.com');
    await visitor.getByRole('button', { name: 'Show My Results' }).click();
    await expect.poll(async () => (await leadsOf(server.dataDir, quiz.id)).length).toBe(1);
    expect((await leadsOf(server.dataDir, quiz.id))[0]).toMatchObject({
      email: 'grace@example.com',
      score: 1,
    });
    expect((await visitor.goto(`${server.publishUrl}/${quiz.publishedId}`))?.status()).toBe(404);
    await visitor.close();
  });
});
