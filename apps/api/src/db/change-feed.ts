import crypto from 'node:crypto';

import pg from 'pg';

/** The channel the triggers of migration 0036 notify on whenever a signed-in answer may have changed. */
export const REQUEST_USERS_CHANGED = 'request_users_changed';

/** How the feed's connection names itself to the server (seen in pg_stat_activity). */
export const CHANGE_FEED_APPLICATION = 'leasing-change-feed';
/** How long a round trip through the notification queue may take before the feed is thought broken. */
const CONFIRM_TIMEOUT_MS = 500;
/** Wait before connecting again after the feed's connection was lost. */
const RECONNECT_DELAY_MS = 1_000;

/**
 * What this instance knows of changes made by every instance (PostgreSQL only; ADR 0044).
 *
 * One connection of its own listens for the statement triggers of migration 0036: every change to what
 * the per-request user statement reads (users, refresh-token revocation, salary profiles, the catalogue
 * and programme versions) raises `generation`. Alone that would leave a window: a change committed by
 * another instance may not have arrived yet. `confirm()` closes it. It sends a notification of its own
 * (on a channel only this instance listens to) and resolves when that comes back. PostgreSQL delivers a
 * session's notifications in commit order, so every change committed before the call was made has
 * arrived by then. A request that confirms after it arrived therefore sees every change committed
 * before it: a logout answered on any instance ends the token here on the very next request.
 *
 * Waiting requests share one round trip (one in flight; whoever arrives meanwhile waits for the next),
 * so the feed costs one small statement per batch of requests instead of one read per request.
 * Whenever the feed cannot vouch (not connected, lost, slow), `confirm()` answers null and the caller
 * reads the database as before; a lost connection raises the generation, so nothing kept before it is
 * used again.
 */
export class ChangeFeed {
  private client: pg.Client | null = null;
  private generationValue = 0;
  private healthy = false;
  private closed = false;
  private readonly beatChannel = `request_users_beat_${crypto.randomBytes(8).toString('hex')}`;
  private beatSequence = 0;
  private roundTripCount = 0;
  /** The round trip on its way, and the requests that arrived before it was sent. */
  private inFlight: { sequence: number; waiters: Array<(generation: number | null) => void>; timer: NodeJS.Timeout } | null =
    null;
  /** Requests that arrived while a round trip was on its way: they need the next one. */
  private nextWaiters: Array<(generation: number | null) => void> = [];
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(private readonly connectionString: string) {}

  /** Raised by every change notification and every loss of the connection. */
  get generation(): number {
    return this.generationValue;
  }

  /** Confirmation round trips sent so far (each serves every request that waited for it). */
  get roundTrips(): number {
    return this.roundTripCount;
  }

  /** Whether the feed is listening now (an answer read while it is not must not be kept). */
  get listening(): boolean {
    return this.healthy;
  }

  async start(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.connectionString,
      connectionTimeoutMillis: 3_000,
      keepAlive: true,
      application_name: CHANGE_FEED_APPLICATION,
    });
    client.on('error', () => this.lose(client));
    client.on('end', () => this.lose(client));
    client.on('notification', (message) => this.receive(client, message.channel, message.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${REQUEST_USERS_CHANGED}`);
      await client.query(`LISTEN ${this.beatChannel}`);
    } catch {
      this.lose(client);
      await client.end().catch(() => undefined);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    // Whatever was kept before this connection listened may have missed a change.
    this.generationValue++;
    this.healthy = true;
  }

  /**
   * Resolves with the generation once every change committed before this call has arrived, or with
   * null when the feed cannot say (then read the database).
   */
  confirm(): Promise<number | null> {
    if (!this.healthy || !this.client) return Promise.resolve(null);
    return new Promise((resolve) => {
      if (this.inFlight) this.nextWaiters.push(resolve);
      else this.send([resolve]);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.fail();
    if (client) await client.end().catch(() => undefined);
  }

  private send(waiters: Array<(generation: number | null) => void>): void {
    const client = this.client;
    if (!client) {
      for (const waiter of waiters) waiter(null);
      return;
    }
    const sequence = ++this.beatSequence;
    this.roundTripCount++;
    const timer = setTimeout(() => this.lose(client), CONFIRM_TIMEOUT_MS);
    timer.unref();
    this.inFlight = { sequence, waiters, timer };
    client.query('select pg_notify($1, $2)', [this.beatChannel, String(sequence)]).catch(() => this.lose(client));
  }

  private receive(client: pg.Client, channel: string, payload: string | undefined): void {
    if (client !== this.client) return;
    if (channel === REQUEST_USERS_CHANGED) {
      this.generationValue++;
      return;
    }
    if (channel !== this.beatChannel || !this.inFlight || payload !== String(this.inFlight.sequence)) return;
    const { waiters, timer } = this.inFlight;
    clearTimeout(timer);
    this.inFlight = null;
    for (const waiter of waiters) waiter(this.generationValue);
    if (this.nextWaiters.length > 0) {
      const next = this.nextWaiters;
      this.nextWaiters = [];
      this.send(next);
    }
  }

  /** The connection was lost or is too slow: vouch for nothing until a new one listens. */
  private lose(client: pg.Client): void {
    if (client !== this.client && this.client !== null) return;
    const wasCurrent = client === this.client;
    this.fail();
    if (wasCurrent) void client.end().catch(() => undefined);
    if (!this.closed && !this.reconnectTimer) {
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        void this.start();
      }, RECONNECT_DELAY_MS);
      this.reconnectTimer.unref();
    }
  }

  private fail(): void {
    this.healthy = false;
    this.client = null;
    this.generationValue++;
    const waiting = [...(this.inFlight?.waiters ?? []), ...this.nextWaiters];
    if (this.inFlight) clearTimeout(this.inFlight.timer);
    this.inFlight = null;
    this.nextWaiters = [];
    for (const waiter of waiting) waiter(null);
  }
}
