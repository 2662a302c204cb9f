import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';

interface PublishedPageData {
  snapshotId: string;
  quiz: { questions: { id: number; answers: { id: number; next: number | null }[] }[] };
}

export interface VisitorLead {
  email: string;
  name: string;
  utmSource: string;
}

/** The player's data in a published page, as the server put it in its JSON element. */
async function publishedPageData(request: APIRequestContext, url: string): Promise<PublishedPageData> {
  const html = await (await request.get(url)).text();
  const json = /<script type="application\/json" id="quizbeam-data">([^<]*)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error(`no player data in ${url}`);
  return JSON.parse(json) as PublishedPageData;
}

/** The answers of a visitor who always takes the first answer, following the flow to its end. */
function firstAnswerPath(data: PublishedPageData) {
  const answers: { questionId: number; answerId: number }[] = [];
  let question = data.quiz.questions[0];
  while (question && answers.length < data.quiz.questions.length) {
    const [answer] = question.answers;
    if (!answer) break;
    answers.push({ questionId: question.id, answerId: answer.id });
    question = data.quiz.questions.find((candidate) => candidate.id === answer.next);
  }
  return answers;
}

let visitorsSoFar = 0;

/**
 * A visitor's own address, as a proxy in front of the server names it (the suite's shared server trusts it):
 * journeys running side by side on one server must not share the visitor API's per-address limits.
 */
function nextVisitorAddress(): string {
  visitorsSoFar += 1;
  return `198.51.100.${((process.pid + visitorsSoFar) % 254) + 1}`;
}

/**
 * Visitors of a published quiz who answer to the end and leave their details, posted to the visitor API as
 * the player posts them (the visit with its UTM source, the screens and answers, then the lead), each from an
 * address of its own.
 */
export async function leaveLeads(request: APIRequestContext, url: string, leads: VisitorLead[]) {
  const data = await publishedPageData(request, url);
  const answers = firstAnswerPath(data);
  const origin = new URL(url).origin;
  for (const lead of leads) {
    const visitId = randomUUID().replace(/-/g, '');
    const headers = { 'x-forwarded-for': nextVisitorAddress() };
    const events = await request.post(`${origin}/_q/events`, {
      headers,
      data: {
        snapshotId: data.snapshotId,
        visitId,
        events: [
          { type: 'visit', utmSource: lead.utmSource, utmCampaign: `${lead.utmSource} campaign` },
          { type: 'start' },
          ...answers.flatMap((answered) => [
            { type: 'shown', questionId: answered.questionId },
            { type: 'answer', ...answered },
          ]),
          { type: 'capture' },
        ],
      },
    });
    expect(events.status()).toBe(202);
    const stored = await request.post(`${origin}/_q/leads`, {
      headers,
      data: {
        snapshotId: data.snapshotId,
        visitId,
        answers,
        email: lead.email,
        name: lead.name,
        consent: true,
        pageUrl: `${url}?utm_source=${encodeURIComponent(lead.utmSource)}`,
      },
    });
    expect(stored.status()).toBe(200);
  }
}
