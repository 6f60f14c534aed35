import type { RedisTarget } from "@dossier/config";
import { createRedis, type RedisClient } from "../redis-connection.js";

/** Told about the messages of one channel. */
export interface ChannelListener {
  /** A message published on the channel. */
  message(text: string): void;
  /** The connection came back after a loss: messages published meanwhile were missed. */
  resync(): void;
}

/** How long a subscription may take before the caller is told Redis is away, in milliseconds. */
const SUBSCRIBE_TIMEOUT_MS = 5_000;

/**
 * One Redis pub/sub connection shared by every listener of a process: each channel is subscribed
 * once, however many listeners it has, and unsubscribed when its last listener leaves. After a
 * reconnect (the connection subscribes again on its own) every listener is told to catch up.
 */
export class ChannelSubscriber {
  private readonly connection: RedisClient;
  private readonly listeners = new Map<string, Set<ChannelListener>>();
  private readonly subscriptions = new Map<string, Promise<unknown>>();
  private connectedBefore = false;

  constructor(target: RedisTarget) {
    this.connection = createRedis(target, "blocking");
    this.connection.on("message", (channel: string, message: string) => {
      for (const listener of this.listeners.get(channel) ?? []) listener.message(message);
    });
    this.connection.on("ready", () => {
      if (this.connectedBefore)
        for (const set of this.listeners.values()) for (const listener of set) listener.resync();
      this.connectedBefore = true;
    });
  }

  /** Channels subscribed now. */
  get channelCount(): number {
    return this.listeners.size;
  }

  /**
   * Adds a listener to a channel, subscribing it first when it is the channel's first listener.
   * Resolves once the subscription holds, so that nothing published afterwards is missed; rejects
   * when Redis does not confirm it within 5 s. Returns the function that removes the listener.
   */
  async listen(channel: string, listener: ChannelListener): Promise<() => void> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      this.subscriptions.set(channel, this.connection.subscribe(channel));
    }
    set.add(listener);
    const listeners = set;
    const remove = () => {
      if (!listeners.delete(listener) || listeners.size > 0 || this.listeners.get(channel) !== listeners) return;
      this.listeners.delete(channel);
      this.subscriptions.delete(channel);
      void this.connection.unsubscribe(channel).catch(() => {});
    };
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.subscriptions.get(channel),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error("Redis did not confirm the subscription")), SUBSCRIBE_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      remove();
      throw error;
    } finally {
      clearTimeout(timer);
    }
    return remove;
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.subscriptions.clear();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
