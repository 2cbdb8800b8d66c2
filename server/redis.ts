// The Redis that several instances share (REDIS_URL, docs/decisions/094-shared-state-with-redis.md).
// Redis is a helper, never a dependency of a sale: every command has a short timeout and no
// offline queue, so while Redis is down a command fails at once and its caller falls back to what
// one process can do alone. The outage is logged once, when it starts, and once when Redis
// answers again; ioredis reconnects by itself in between.
import crypto from "node:crypto";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import type { RedisConfig } from "./config.ts";

/** What a command answers when Redis cannot be asked now: the caller does without it. */
export const UNAVAILABLE: unique symbol = Symbol("redis unavailable");

export interface SharedRedis {
  /** every key and channel starts with it (REDIS_PREFIX) */
  readonly prefix: string;
  /** `command`'s answer, or UNAVAILABLE when Redis is down or too slow (the outage is logged once) */
  run<T>(command: (client: Redis) => Promise<T>): Promise<T | typeof UNAVAILABLE>;
  /**
   * Messages on `channel` published by other instances (this one's own are skipped). Notices sent
   * while the subscription was down are lost, so `onMessage` is also called with null each time it
   * is restored: whatever the notices were about must be looked up afresh. Resolves once
   * subscribed, or at once when Redis is down (the subscription is made when it is back).
   */
  subscribe(channel: string, onMessage: (message: string | null) => void): Promise<void>;
  /** sends `message` to every other instance subscribed to `channel`; lost when Redis is down */
  publish(channel: string, message: string): void;
  close(): Promise<void>;
}

/** a request never waits longer than this for Redis: a slow Redis counts as a down one */
const COMMAND_TIMEOUT_MS = 250;
/**
 * Commands failing on a connection that is still up (timeouts) count as an outage only after this
 * long without a success: a timer also fires late when this process's event loop was busy (a
 * full index build), and one late answer is not Redis being down.
 */
const FAILING_FOR_MS = 1000;
/** how long the start waits for the first connection, so the first requests find it ready */
const CONNECT_WAIT_MS = 1000;
/** reconnect attempts: quickly at first, then every 2 s for as long as it takes */
const retryStrategy = (attempt: number) => Math.min(attempt * 200, 2000);

export async function connectRedis(config: RedisConfig, logger: Logger): Promise<SharedRedis> {
  const options = {
    commandTimeout: config.commandTimeoutMs ?? COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy,
    // subscriptions are made again on every "ready" below, which also catches up on lost notices
    autoResubscribe: false,
  };
  const client = new Redis(config.url, { ...options, connectionName: "vitrina" });
  const subscriber = new Redis(config.url, { ...options, connectionName: "vitrina-notices" });
  // one id per instance, so an instance does not act on its own notices
  const instance = crypto.randomUUID();
  const where = redactedAddress(config.url);
  let down = false;
  let closing = false;
  /** when commands started failing on an open connection (null: the last one succeeded) */
  let failingSince: number | null = null;

  const wentDown = (reason: unknown) => {
    if (down || closing) return;
    down = true;
    logger.warn(
      { redis: where, reason: reason instanceof Error ? reason.message : String(reason) },
      "Redis unavailable: rate limits count per instance and catalogue changes reach other instances by the database poll until it is back",
    );
  };
  const cameBack = () => {
    if (!down || closing) return;
    down = false;
    logger.info({ redis: where }, "Redis is back: rate limits and change notices are shared again");
  };
  client.on("error", wentDown);
  client.on("close", () => wentDown("connection closed"));
  client.on("ready", cameBack);
  // the command connection speaks for Redis's health; the subscriber's errors say the same again
  subscriber.on("error", () => undefined);

  const channels = new Map<string, (message: string | null) => void>();
  // (re)connected after subscribe() was called: Redis was down at the start or went away since,
  // and notices sent meanwhile are lost
  subscriber.on("ready", () => {
    for (const [channel, onMessage] of channels) {
      subscriber.subscribe(channel).then(
        () => onMessage(null),
        () => undefined, // the connection dropped again; the next "ready" subscribes again
      );
    }
  });
  subscriber.on("message", (channel: string, raw: string) => {
    const colon = raw.indexOf(":");
    if (raw.slice(0, colon) === instance) return;
    channels.get(channel)?.(raw.slice(colon + 1));
  });

  await Promise.all([client, subscriber].map(firstConnection));
  if (client.status !== "ready") wentDown(`not connected within ${CONNECT_WAIT_MS} ms`);

  const shared: SharedRedis = {
    prefix: config.prefix,
    async run(command) {
      if (client.status !== "ready") {
        wentDown(`connection ${client.status}`);
        return UNAVAILABLE;
      }
      try {
        const answer = await command(client);
        failingSince = null;
        cameBack();
        return answer;
      } catch (err) {
        // a lost connection is an outage at once; a late answer only when it keeps happening
        const now = Date.now();
        failingSince ??= now;
        const late = err instanceof Error && err.message === "Command timed out";
        if (!late || now - failingSince >= FAILING_FOR_MS) wentDown(err);
        return UNAVAILABLE;
      }
    },
    async subscribe(channel, onMessage) {
      const name = config.prefix + channel;
      channels.set(name, onMessage);
      if (subscriber.status === "ready") await subscriber.subscribe(name).catch(() => undefined);
    },
    publish(channel, message) {
      void shared.run((c) => c.publish(config.prefix + channel, `${instance}:${message}`));
    },
    async close() {
      closing = true;
      client.disconnect();
      subscriber.disconnect();
    },
  };
  return shared;
}

/** resolves when `connection` is ready, has failed once, or after CONNECT_WAIT_MS */
function firstConnection(connection: Redis): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      connection.off("ready", done);
      connection.off("error", done);
      resolve();
    };
    const timer = setTimeout(done, CONNECT_WAIT_MS);
    connection.once("ready", done);
    connection.once("error", done);
  });
}

/** the address for log lines, without a password */
function redactedAddress(url: string): string {
  const u = new URL(url);
  u.password = "";
  u.username = "";
  return u.toString();
}
