import pg from 'pg';

const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;
/** A server that accepts the connection but never answers must not hold an attempt (or the close) for ever. */
const CONNECT_TIMEOUT_MS = 10_000;
const CLOSE_WAIT_MS = 2_000;
/** How the listening connection shows in pg_stat_activity, for operators (and the tests that cut it). */
export const SITE_CHANGES_APPLICATION_NAME = 'quizbeam site changes';

export interface SiteChangeListenerOptions {
  databaseUrl: string;
  channel: string;
  /** Each notification's payload (never throws into the connection: errors go to `log`). */
  onPayload(payload: string): void;
  /** Listening again after the connection was lost or never made: notifications sent meanwhile are gone. */
  onResumed(): void;
  log(error: unknown): void;
}

/**
 * A dedicated PostgreSQL connection (not one of the pool's, which come and go) that LISTENs on the channel.
 * When it is lost it is made again, 1 s after the loss and doubling up to 30 s between attempts, for as long
 * as the process runs; once it listens again the owner is told, to drop what it may have missed.
 */
export class SiteChangeListener {
  private client: pg.Client | null = null;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private missedSome = false;

  constructor(private readonly options: SiteChangeListenerOptions) {}

  /** Connects and listens; when that fails, it is logged and tried again later (the server starts anyway). */
  start(): Promise<void> {
    return this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    if (!client) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      client.end().catch(() => {}),
      new Promise((resolve) => {
        timer = setTimeout(resolve, CLOSE_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  }

  private async connect(): Promise<void> {
    const { databaseUrl, channel, log } = this.options;
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: SITE_CHANGES_APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // An idle connection to a vanished server is otherwise noticed only when the OS gives up on it.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    this.client = client;
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (this.closed) return;
      if (error) log(error);
      this.missedSome = true;
      this.retryLater();
    };
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('the site change listener lost its database connection')));
    client.on('notification', (message) => {
      if (message.channel !== channel || message.payload === undefined) return;
      try {
        this.options.onPayload(message.payload);
      } catch (error) {
        log(error);
      }
    });
    try {
      await client.connect();
      // The channel is ours, a constant identifier (LISTEN takes no parameters).
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      onLost(error);
      return;
    }
    if (lost || this.closed) return;
    this.retryMs = FIRST_RETRY_MS;
    if (this.missedSome) {
      this.missedSome = false;
      this.options.onResumed();
    }
  }

  private retryLater(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.connect().catch(this.options.log);
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
  }
}
