export type ShutdownOutcome = 'finished' | 'timed out';

export interface ShutdownPlan {
  /**
   * How long the process goes on serving before the first step (SHUTDOWN_DRAIN_MS; 0: none). The caller has
   * made /readyz answer 503 already; meanwhile a load balancer's health check sees it and stops sending
   * requests here, so none arrives on a connection the server is closing (which the balancer cannot retry
   * safely, for a POST) or is answered 503 for arriving during the close.
   */
  drainMs?: number;
  /** Run one after another; each finishes before the next starts (the database closes last). */
  steps: { name: string; run: () => Promise<unknown> }[];
  /** The whole shutdown's budget, the drain included (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  /** When the budget is spent: what must still happen before the process exits (handing deliveries back). */
  onTimeout?: () => Promise<unknown>;
  log: (message: string) => void;
}

const ON_TIMEOUT_BUDGET_MS = 2_000;

/**
 * Drains, then runs the steps of a shutdown, within a time budget. A step that fails is logged and the next
 * runs: a shutdown does what it can. Resolves with whether everything finished in time; the caller exits.
 */
export async function shutDownGracefully(plan: ShutdownPlan): Promise<ShutdownOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const budgetSpent = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), plan.timeoutMs);
  });
  const allSteps = (async (): Promise<'finished'> => {
    if (plan.drainMs) await new Promise((resolve) => setTimeout(resolve, plan.drainMs));
    for (const step of plan.steps) {
      try {
        await step.run();
      } catch (error) {
        plan.log(`shutdown: ${step.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return 'finished';
  })();
  const outcome = await Promise.race([allSteps, budgetSpent]);
  clearTimeout(timer);
  if (outcome === 'timed out') {
    plan.log(`shutdown: not finished after ${plan.timeoutMs} ms (SHUTDOWN_TIMEOUT_MS); exiting anyway`);
    if (plan.onTimeout) {
      let lastTimer: NodeJS.Timeout | undefined;
      await Promise.race([
        plan.onTimeout().catch((error: unknown) => plan.log(`shutdown: ${String(error)}`)),
        new Promise((resolve) => {
          lastTimer = setTimeout(resolve, ON_TIMEOUT_BUDGET_MS);
        }),
      ]);
      clearTimeout(lastTimer);
    }
  }
  return outcome;
}

/** Calls `stop` once, on the first SIGTERM or SIGINT (a second signal while stopping changes nothing). */
export function onStopSignal(stop: (signal: NodeJS.Signals) => Promise<void>): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    void stop(signal);
  };
  process.on('SIGTERM', handle);
  process.on('SIGINT', handle);
}
