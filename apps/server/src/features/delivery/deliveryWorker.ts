import type { Database } from '@quizbeam/db/database';
import { deliveryDestinationTypes } from '@quizbeam/db/deliverySchema';
import { type AlertEmailSettings, emailDeliveryAlert } from './deliveryAlerts';
import { loadLeadsForDelivery } from './deliveryLeads';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  type DestinationType,
  finishAttempt,
  releaseClaim,
} from './deliveryLedger';
import { onDeliveriesAnnounced } from './deliverySignal';
import type { LeadForDelivery } from './leadPayload';
import { DEFAULT_RETRY_POLICY, nextStepAfter, type RetryPolicy } from './retrySchedule';
import type { ClassifiedAttempt } from './senders/classifyAttempt';

/** Makes one attempt (see senders/sendDelivery); a throw counts as a failed attempt to retry. */
export type DeliverySender = (delivery: ClaimedDelivery, lead: LeadForDelivery) => Promise<ClassifiedAttempt>;

export interface DeliveryWorkerOptions {
  db: Database;
  send: DeliverySender;
  /** Where failure emails go from; without it failures raise the alert but email nobody. */
  alerts?: AlertEmailSettings;
  now?: () => Date;
  random?: () => number;
  retryPolicy?: RetryPolicy;
  pollIntervalMs?: number;
  /** Longer than the slowest attempt (the outbound client gives up after 15 s), or two workers could overlap. */
  leaseMs?: number;
  concurrency?: number;
  /** Which destination types this worker delivers (all by default). */
  destinationTypes?: readonly DestinationType[];
  log?: (message: string, error?: unknown) => void;
}

export interface DeliveryWorker {
  /** Polls, and claims at once when this process stores a lead with deliveries. */
  start(): void;
  /** Claims what is due now (up to the concurrency) and delivers it; resolves with how many it claimed. */
  runOnce(): Promise<number>;
  /** Stops claiming and waits for the attempts in flight to be recorded. */
  stop(): Promise<void>;
  /**
   * For a shutdown that cannot wait for `stop()`: hands back the deliveries whose attempts are still in
   * flight, so another worker claims them at once instead of after the lease. Their late results are not
   * recorded (the lease no longer matches); the retry carries the same idempotency key. Resolves with how many.
   */
  releaseHeld(): Promise<number>;
}

export const WORKER_DEFAULTS = {
  pollIntervalMs: 1_000,
  leaseMs: 2 * 60_000,
  concurrency: 50,
  destinationTypes: deliveryDestinationTypes as readonly DestinationType[],
};

function failedAttempt(error: unknown, durationMs: number): ClassifiedAttempt {
  const message = error instanceof Error ? error.message : String(error);
  return {
    outcome: 'retry',
    retryAfterMs: null,
    statusCode: null,
    error: `The attempt failed: ${message}`.slice(0, 2048),
    responseExcerpt: null,
    durationMs,
  };
}

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, send } = options;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const policy = options.retryPolicy ?? DEFAULT_RETRY_POLICY;
  const pollIntervalMs = options.pollIntervalMs ?? WORKER_DEFAULTS.pollIntervalMs;
  const leaseMs = options.leaseMs ?? WORKER_DEFAULTS.leaseMs;
  const concurrency = options.concurrency ?? WORKER_DEFAULTS.concurrency;
  const destinationTypes = options.destinationTypes ?? WORKER_DEFAULTS.destinationTypes;
  const log = options.log ?? ((message, error) => console.error(`delivery worker: ${message}`, error ?? ''));

  const inFlight = new Set<Promise<void>>();
  const held = new Map<string, ClaimedDelivery>();
  let stopped = false;
  let pumping: Promise<void> | null = null;
  /** A wake-up (a stored lead, a poll) came while a round of claims was running: run another after it. */
  let wokenWhilePumping = false;
  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => void) | undefined;

  async function attemptOne(delivery: ClaimedDelivery, lead: LeadForDelivery | undefined): Promise<void> {
    // The lead was deleted since the claim, and its deliveries with it.
    if (!lead) return;
    const startedAt = now();
    const started = performance.now();
    let result: ClassifiedAttempt;
    try {
      result = await send(delivery, lead);
    } catch (error) {
      result = failedAttempt(error, Math.round(performance.now() - started));
    }
    const finishedAt = now();
    const step = nextStepAfter({
      outcome: result.outcome,
      attempts: delivery.attempts + 1,
      createdAt: delivery.createdAt,
      now: finishedAt,
      retryAfterMs: result.retryAfterMs,
      random,
      policy,
    });
    const attempt = {
      startedAt,
      durationMs: Math.max(0, Math.round(result.durationMs ?? performance.now() - started)),
      statusCode: result.statusCode,
      error: result.error,
      responseExcerpt: result.responseExcerpt,
    };
    const recorded = await finishAttempt(db, delivery, attempt, step, finishedAt);
    if (!recorded) {
      log(`lost the lease of delivery ${delivery.id}; another worker records it`);
      return;
    }
    if (step.state === 'failed' && options.alerts) {
      await emailDeliveryAlert(
        db,
        options.alerts,
        { ...delivery, lastError: attempt.error ?? `HTTP ${attempt.statusCode ?? '?'}` },
        finishedAt,
      );
    }
  }

  function track(delivery: ClaimedDelivery, lead: LeadForDelivery | undefined, onDone: () => void) {
    held.set(delivery.id, delivery);
    const running = attemptOne(delivery, lead)
      .catch((error: unknown) =>
        log(`delivery ${delivery.id} was not recorded; its lease will expire`, error),
      )
      .finally(() => {
        held.delete(delivery.id);
        inFlight.delete(running);
        onDone();
      });
    inFlight.add(running);
  }

  /** Claims as many as there are free slots; a finished attempt claims again while work was waiting. */
  async function claimAndStart(onDone: () => void): Promise<number> {
    const free = concurrency - inFlight.size;
    if (stopped || free <= 0) return 0;
    const claimed = await claimDueDeliveries(db, { now: now(), leaseMs, limit: free, destinationTypes });
    if (claimed.length === 0) return 0;
    const leads = await loadLeadsForDelivery(
      db,
      claimed.map((delivery) => delivery.leadId),
    );
    for (const delivery of claimed) track(delivery, leads.get(delivery.leadId), onDone);
    return claimed.length;
  }

  async function claimWhileDue(): Promise<void> {
    let moreMayBeDue = true;
    const claimAgain = () => {
      if (moreMayBeDue) pump();
    };
    while (moreMayBeDue && !stopped) {
      const free = concurrency - inFlight.size;
      if (free <= 0) return;
      const claimed = await claimAndStart(claimAgain);
      moreMayBeDue = claimed === free;
    }
  }

  function pump(): void {
    if (stopped) return;
    if (pumping) {
      // A lead stored after this round's claim would otherwise wait for the next poll.
      wokenWhilePumping = true;
      return;
    }
    pumping = claimWhileDue()
      .catch((error: unknown) => log('could not claim deliveries; trying again at the next poll', error))
      .finally(() => {
        pumping = null;
        if (wokenWhilePumping) {
          wokenWhilePumping = false;
          pump();
        }
      });
  }

  return {
    start() {
      if (timer || stopped) return;
      timer = setInterval(pump, pollIntervalMs);
      stopListening = onDeliveriesAnnounced(db, pump);
      pump();
    },
    async runOnce() {
      const done: Promise<void>[] = [];
      const before = new Set(inFlight);
      const claimed = await claimAndStart(() => {});
      for (const running of inFlight) if (!before.has(running)) done.push(running);
      await Promise.all(done);
      return claimed;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      stopListening?.();
      await pumping;
      await Promise.allSettled([...inFlight]);
    },
    async releaseHeld() {
      stopped = true;
      const releasing = [...held.values()];
      held.clear();
      await Promise.all(releasing.map((delivery) => releaseClaim(db, delivery)));
      return releasing.length;
    },
  };
}
