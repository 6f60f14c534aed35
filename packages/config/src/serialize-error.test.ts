import { describe, expect, it } from "vitest";
import { loggedRedisCommand, serializeError } from "./serialize-error.js";

/** An error shaped as ioredis makes a refused command's: the command with all its arguments. */
function replyError(message: string, name: string, args: unknown[]): Error {
  return Object.assign(new Error(message), { name: "ReplyError", command: { name, args } });
}

describe("serializeError", () => {
  it("keeps a failed Redis command's name and key, never its arguments", () => {
    const error = replyError("OOM command not allowed when used memory > 'maxmemory'.", "evalsha", [
      "0f1e2d",
      "2",
      "dossier:result:r-abc",
      "dossier:job-waiters:r-abc",
      '{"answerText":"Director of Product","details":"a quote from a page"}',
    ]);
    const serialized = serializeError(error) as Record<string, unknown>;
    expect(serialized.command).toEqual({ name: "evalsha", key: "dossier:result:r-abc" });
    expect(JSON.stringify(serialized)).not.toContain("Director of Product");
    expect(serialized.message).toContain("OOM command not allowed");
  });

  it("does the same for the refusals a MULTI block carries beside its EXECABORT", () => {
    const error = Object.assign(new Error("EXECABORT Transaction discarded because of previous errors."), {
      previousErrors: [
        replyError("OOM command not allowed", "rpush", ["dossier:fair:pending:k", '{"question":"secret"}']),
      ],
    });
    const text = JSON.stringify(serializeError(error));
    expect(text).not.toContain("secret");
    expect(text).toContain('"key":"dossier:fair:pending:k"');
  });

  it("names a command without keys by its name alone", () => {
    expect(loggedRedisCommand({ name: "evalsha", args: ["0f1e2d", "0", "an argument"] })).toEqual({ name: "evalsha" });
    expect(loggedRedisCommand({ name: "set", args: ["dossier:page:https://a.test/", "the page"] })).toEqual({
      name: "set",
      key: "dossier:page:https://a.test/",
    });
  });
});
