import type { Quiz } from '@quizbeam/contracts/quiz';
import { sendHttp, type Target } from '../../scaleOut/httpClient';
import type { QuizOwner } from '../../scaleOut/quizOwner';
import { type LiveQuiz, postEvents, postLead, visitIdOf, visitorAddress } from '../../scaleOut/visitors';

/** One request of the traffic and how it was answered (status 0: the connection failed). */
export interface Exchange {
  what: 'page' | 'events' | 'lead' | 'save' | 'publish';
  expected: number;
  status: number;
  /** Milliseconds since the traffic started. */
  at: number;
  /** The start of an unexpected answer's body, to tell why. */
  detail?: string;
}

export interface TrafficReport {
  exchanges: Exchange[];
  /** The email of every visitor whose lead was sent, answered or not. */
  leadsSent: string[];
  /** The quiz as last saved, with its revision: what the next save must carry. */
  quiz: Quiz;
}

export interface Traffic {
  /** Milliseconds since the traffic started, to tell when things happened. */
  elapsed(): number;
  /** Stops sending, waits for the answers still due and reports every exchange (the same report when called again). */
  stop(): Promise<TrafficReport>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Visitors (page, events, lead; one new visitor every 1000/perSecond ms, each from an address of its own, in an
 * open loop as real visitors come) and one account holder saving the quiz and republishing it every fourth
 * time (one call after the other, each carrying the revision the last one answered), all through the balancer.
 */
export function startTraffic(settings: {
  site: Target;
  app: Target;
  live: LiveQuiz;
  owner: QuizOwner;
  quiz: Quiz;
  visitorsPerSecond: number;
  label: string;
}): Traffic {
  const { site, app, live, owner, visitorsPerSecond, label } = settings;
  const startedAt = performance.now();
  const since = () => Math.round(performance.now() - startedAt);
  const exchanges: Exchange[] = [];
  const leadsSent: string[] = [];
  const record = (what: Exchange['what'], expected: number, status: number, body = '') =>
    exchanges.push({
      what,
      expected,
      status,
      at: since(),
      ...(status === expected ? {} : { detail: body.slice(0, 300) }),
    });
  let stopping = false;

  async function visit(index: number): Promise<void> {
    const visitor = {
      visitId: visitIdOf(label, index),
      email: `${label}-${index}@example.com`,
      address: visitorAddress(index),
    };
    const page = await sendHttp(site, 'GET', `/${live.slug}`, {
      headers: { 'x-forwarded-for': visitor.address },
    }).catch((error: Error) => ({ status: 0, body: error.message }));
    record('page', 200, page.status, page.body);
    record('events', 202, await postEvents(site, live, visitor));
    leadsSent.push(visitor.email);
    record('lead', 200, await postLead(site, live, visitor));
  }

  async function reload(stale: Quiz): Promise<Quiz> {
    const stored = await owner.call(app, 'GET', `/api/quizzes/${stale.id}`).catch(() => null);
    return stored?.status === 200 ? (JSON.parse(stored.body) as Quiz) : stale;
  }

  const visits: Promise<void>[] = [];
  const visitors = (async () => {
    for (let index = 0; !stopping; index += 1) {
      const wait = (index * 1000) / visitorsPerSecond - (performance.now() - startedAt);
      if (wait > 1) await sleep(wait);
      if (!stopping) visits.push(visit(index));
    }
  })();

  let quiz = settings.quiz;
  const builder = (async () => {
    for (let turn = 1; !stopping; turn += 1) {
      const publishing = turn % 4 === 0;
      const changed = { ...quiz, title: `Which dog are you? (${label} ${turn})` };
      const answer = await (publishing
        ? owner.call(app, 'POST', `/accounts/${owner.accountId}/quizzes/${quiz.id}/publish`, changed)
        : owner.call(app, 'PUT', `/api/quizzes/${quiz.id}`, changed)
      ).catch((error: Error) => ({ status: 0, body: error.message }));
      record(publishing ? 'publish' : 'save', 200, answer.status, answer.body);
      if (answer.status === 200) quiz = JSON.parse(answer.body) as Quiz;
      // After a failure, go on from the stored quiz, so that one failure is reported once, not as a run of conflicts.
      else quiz = await reload(quiz);
      await sleep(100);
    }
  })();

  let stopped: Promise<TrafficReport> | undefined;
  return {
    elapsed: since,
    stop() {
      stopping = true;
      stopped ??= (async () => {
        await Promise.all([visitors, builder]);
        await Promise.all(visits);
        return { exchanges, leadsSent, quiz };
      })();
      return stopped;
    },
  };
}

/** The exchanges answered otherwise than expected. */
export const unexpected = (report: TrafficReport): Exchange[] =>
  report.exchanges.filter((exchange) => exchange.status !== exchange.expected);

/** How many exchanges of each kind, e.g. `{ page: 310, events: 310, lead: 310, save: 90, publish: 30 }`. */
export function countsByKind(report: TrafficReport): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const exchange of report.exchanges) counts[exchange.what] = (counts[exchange.what] ?? 0) + 1;
  return counts;
}
