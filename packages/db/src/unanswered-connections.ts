/** Closes a pooled Postgres connection that stays checked out past its deadline, with one timer per pool, not one per checkout. */
import { Client, type Pool, type PoolClient } from 'pg';
import { LagTolerantSweeper } from '@rigforge/server';

/** A connection's current checkout: when it began (performance.now()), or -1 while it is in the pool. */
interface Checkout {
  since: number;
}

/** How many sweeps per deadline: a connection is closed between `ms` and `ms` * (1 + 1 / SWEEPS_PER_DEADLINE) after its checkout. */
const SWEEPS_PER_DEADLINE = 10;

/**
 * Closes a connection that has been checked out longer than `ms`: the server would have cancelled
 * any statement by then, so it is not answering (frozen host, partition). Closing it fails the
 * pending query at once ("Connection terminated") and drops the connection from the pool. This
 * replaces node-postgres' own query_timeout, whose plain timer also fires when the reply arrived
 * during a stalled event loop. A checkout is one statement on the API's paths; an interactive
 * transaction holds one for its whole length.
 *
 * Why one sweeping timer rather than a deadline per checkout (apps/api/docs/performance.md,
 * twenty-second wave): a checkout is every statement of every request, and a timer, its closure
 * and a map entry made per checkout were among the objects V8 moved into the old generation
 * (a sampling heap profile of the API under reads: ~40% of what it promoted), which grew the old
 * generation by ~0.6 KB per request until a full collection, a pause of 57-169 ms on the 2-core
 * machine: the half-peak rounds' single stall. Here a checkout only writes a number into a record
 * made once per connection; one LagTolerantSweeper (@rigforge/server: the check after the next poll
 * phase, so a reply that arrived during a stalled loop releases its connection before it is judged)
 * runs every `ms` / SWEEPS_PER_DEADLINE while any connection is checked out, and stops after a
 * deadline's length with none.
 */
export function closeUnansweredConnections(pool: Pool, ms: number): void {
  const checkouts = new Map<PoolClient, Checkout>();
  const period = Math.max(10, Math.ceil(ms / SWEEPS_PER_DEADLINE));
  let out = 0;
  const expire = (checkout: Checkout, client: PoolClient, now: number) => {
    if (checkout.since < 0 || now - checkout.since < ms) return;
    checkout.since = -1;
    out--;
    if (client instanceof Client) client.connection.stream.destroy(new Error('Query read timeout'));
  };
  // Kept through a deadline's length of quiet, so statements with gaps between them do not start a timer each.
  const sweeper = new LagTolerantSweeper(period, SWEEPS_PER_DEADLINE, (now) => {
    checkouts.forEach((checkout, client) => expire(checkout, client, now));
    return out !== 0;
  });
  const settle = (client: PoolClient) => {
    const checkout = checkouts.get(client);
    if (checkout && checkout.since >= 0) {
      checkout.since = -1;
      out--;
    }
  };
  pool.on('acquire', (client) => {
    let checkout = checkouts.get(client);
    if (!checkout) {
      checkout = { since: -1 };
      checkouts.set(client, checkout);
    }
    if (checkout.since < 0) out++;
    checkout.since = performance.now();
    sweeper.start();
  });
  pool.on('release', (_error, client) => settle(client));
  pool.on('remove', (client) => {
    settle(client);
    checkouts.delete(client);
  });
}
