import type { RedisTarget } from "@dossier/config";
import { ChannelSubscriber } from "../events/channel-subscriber.js";
import { redisChannels } from "../names.js";
import type { WatchAnnouncement } from "./watch-store.js";

/**
 * The gateway's side of a watch's live events: one pub/sub connection for every watch followed in
 * the process, each watch's channel subscribed once however many clients follow it.
 */
export class WatchFeed {
  private readonly subscriber: ChannelSubscriber;

  constructor(private readonly settings: { target: RedisTarget; prefix: string }) {
    this.subscriber = new ChannelSubscriber(settings.target);
  }

  /**
   * Follows a watch: `onAnnouncement` gets each recorded run and the deletion, `onResync` is told
   * when the connection came back after a loss (announcements meanwhile were missed). Resolves once
   * the subscription holds, with the function that stops following.
   */
  follow(
    watchId: string,
    onAnnouncement: (announcement: WatchAnnouncement) => void,
    onResync: () => void,
  ): Promise<() => void> {
    return this.subscriber.listen(redisChannels.watchEvents(this.settings.prefix, watchId), {
      message: (text) => {
        try {
          onAnnouncement(JSON.parse(text) as WatchAnnouncement);
        } catch {
          // Not ours: ignored.
        }
      },
      resync: onResync,
    });
  }

  async close(): Promise<void> {
    await this.subscriber.close();
  }
}
