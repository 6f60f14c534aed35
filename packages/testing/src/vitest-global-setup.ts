import { Socket } from "node:net";
import type { TestProject } from "vitest/node";

/**
 * Gives the test run a Redis: REDIS_URL when set; otherwise a throwaway one from testcontainers;
 * otherwise (no container engine) a Redis already answering on 127.0.0.1:6379.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let teardown = async () => {};
  if (!process.env.REDIS_URL) {
    try {
      const { RedisContainer } = await import("@testcontainers/redis");
      const container = await new RedisContainer("redis:7-alpine").start();
      process.env.REDIS_URL = container.getConnectionUrl();
      teardown = async () => {
        await container.stop();
      };
    } catch (error) {
      if (!(await answers("127.0.0.1", 6379))) {
        throw new Error(
          `No REDIS_URL, testcontainers could not start Redis (${(error as Error).message}), and nothing answers on 127.0.0.1:6379.`,
        );
      }
      process.env.REDIS_URL = "redis://127.0.0.1:6379";
    }
  }
  project.provide("redisUrl", process.env.REDIS_URL);
  return teardown;
}

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
    socket.connect(port, host);
  });
}

declare module "vitest" {
  export interface ProvidedContext {
    redisUrl: string;
  }
}
