import type { Database } from '@quizbeam/db/database';
import { deliveryStates } from '@quizbeam/db/deliverySchema';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

export type DeliveryState = (typeof deliveryStates)[number];

export interface DeliveryCounts {
  byState: Record<DeliveryState, number>;
  /** Due now and held by no worker: the queue the workers have yet to take. */
  due: number;
}

const countRows = z.object({
  rows: z.array(
    z.object({ state: z.enum(deliveryStates), count: z.coerce.number(), due: z.coerce.number() }),
  ),
});

/** Every delivery counted by state, and the due queue, in one grouped query (for the metrics scrape). */
export async function countDeliveries(db: Pick<Database, 'execute'>): Promise<DeliveryCounts> {
  const result = await db.execute(sql`
    select state, count(*) as count,
      count(*) filter (
        where state in ('pending', 'retrying') and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
      ) as due
    from lead_deliveries group by state`);
  const byState = Object.fromEntries(deliveryStates.map((state) => [state, 0])) as Record<
    DeliveryState,
    number
  >;
  let due = 0;
  for (const row of countRows.parse(result).rows) {
    byState[row.state] = row.count;
    due += row.due;
  }
  return { byState, due };
}
