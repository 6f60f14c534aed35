import { describe, expect, it } from "vitest";
import {
  type Config,
  ConfigError,
  DEFAULT_LOCAL_MODEL,
  DEFAULT_OPENAI_MODEL,
  describeConfigError,
  LOCAL_OLLAMA_URL,
  loadConfig,
  OPENAI_URL,
} from "./load-config.js";

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe("loadConfig defaults", () => {
  it("runs with an empty environment on the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      redis: { mode: "standalone", url: "redis://127.0.0.1:6379" },
      redisPrefix: "dossier",
      gatewayProcesses: 1,
      apiKeys: [],
      llm: { baseUrl: LOCAL_OLLAMA_URL, apiKey: undefined, model: DEFAULT_LOCAL_MODEL, isDefaultLocal: true },
      search: { provider: "searxng", searxngUrl: "http://127.0.0.1:8888" },
      fetch: { allowPrivate: false, connectTo: [] },
      researchTimeoutMs: 60_000,
      gatherTimeoutMs: 20_000,
      gatewayRequestTimeoutMs: 90_000,
      gatewayShutdownGraceMs: 61_000,
      workerConcurrency: 20,
      workerHeapGrowthPercent: 10,
      logLevel: "info",
      limits: { authFailuresPerMinute: 20 },
      trustedProxies: [],
    });
    expect(LOCAL_OLLAMA_URL).toBe("http://127.0.0.1:11434/v1");
  });

  it("derives the gather, request and shutdown timeouts from RESEARCH_TIMEOUT_MS unless they are set", () => {
    expect(loadConfig({ RESEARCH_TIMEOUT_MS: "1200" })).toMatchObject({
      gatherTimeoutMs: 1_000,
      gatewayRequestTimeoutMs: 31_200,
      gatewayShutdownGraceMs: 2_200,
    });
    expect(
      loadConfig({
        RESEARCH_GATHER_TIMEOUT_MS: "5000",
        GATEWAY_REQUEST_TIMEOUT_MS: "4000",
        GATEWAY_SHUTDOWN_GRACE_MS: "0",
      }),
    ).toMatchObject({ gatherTimeoutMs: 5_000, gatewayRequestTimeoutMs: 4_000, gatewayShutdownGraceMs: 0 });
  });

  it("reads nothing but the environment it is given", () => {
    expect(loadConfig({}).port).toBe(8080);
    expect(loadConfig({ PORT: "9090" }).port).toBe(9090);
  });

  const llmCases: Array<[string, Record<string, string>, Partial<Config["llm"]>]> = [
    [
      "neither OPENAI_* set: local Ollama",
      {},
      { baseUrl: LOCAL_OLLAMA_URL, model: DEFAULT_LOCAL_MODEL, isDefaultLocal: true, apiKey: undefined },
    ],
    [
      "both OPENAI_* empty: local Ollama",
      { OPENAI_API_KEY: "", OPENAI_BASE_URL: "  " },
      { baseUrl: LOCAL_OLLAMA_URL, model: DEFAULT_LOCAL_MODEL, isDefaultLocal: true, apiKey: undefined },
    ],
    [
      "only the key: OpenAI",
      { OPENAI_API_KEY: "sk-test" },
      { baseUrl: OPENAI_URL, model: DEFAULT_OPENAI_MODEL, isDefaultLocal: false, apiKey: "sk-test" },
    ],
    [
      "only a base URL: that endpoint, local model",
      { OPENAI_BASE_URL: "http://10.0.0.5:8000/v1" },
      { baseUrl: "http://10.0.0.5:8000/v1", model: DEFAULT_LOCAL_MODEL, isDefaultLocal: false, apiKey: undefined },
    ],
    [
      "a base URL on OpenAI: OpenAI's default model",
      { OPENAI_BASE_URL: OPENAI_URL },
      { baseUrl: OPENAI_URL, model: DEFAULT_OPENAI_MODEL, isDefaultLocal: false },
    ],
    [
      "a key and a base URL",
      { OPENAI_API_KEY: "key", OPENAI_BASE_URL: "http://vllm.internal/v1" },
      { baseUrl: "http://vllm.internal/v1", apiKey: "key", model: DEFAULT_LOCAL_MODEL, isDefaultLocal: false },
    ],
    ["a model named", { OPENAI_API_KEY: "key", LLM_MODEL: " gpt-4.1 " }, { baseUrl: OPENAI_URL, model: "gpt-4.1" }],
  ];

  it.each(llmCases)("model endpoint: %s", (_name, env, expected) => {
    expect(loadConfig(env).llm).toMatchObject(expected);
  });

  it.each([
    ["Ollama on this machine", {}, true],
    ["Ollama in the compose network", { OPENAI_BASE_URL: "http://ollama:11434/v1" }, true],
    ["a private address", { OPENAI_BASE_URL: "http://10.0.0.5:8000/v1" }, true],
    ["loopback", { OPENAI_BASE_URL: "http://127.0.0.1:8080/v1" }, true],
    ["OpenAI", { OPENAI_API_KEY: "sk-test" }, false],
    ["a hosted endpoint", { OPENAI_BASE_URL: "https://api.together.xyz/v1" }, false],
  ])("gives a local endpoint (%s: %s) CPU-sized defaults unless set", (_name, env, local) => {
    const config = loadConfig(env);
    expect(config.llm.isLocal).toBe(local);
    expect(config.llm.timeoutMs).toBe(local ? 180_000 : 60_000);
    expect(config.llm.maxRetries).toBe(local ? 1 : 3);
    expect(config.promptTokenBudget).toBe(local ? 2_500 : 6_000);
    const set = loadConfig({ ...env, LLM_TIMEOUT_MS: "5000", LLM_MAX_RETRIES: "0", RESEARCH_PROMPT_TOKENS: "4000" });
    expect([set.llm.timeoutMs, set.llm.maxRetries, set.promptTokenBudget]).toEqual([5_000, 0, 4_000]);
  });

  it("trims and splits API_KEYS, dropping empty entries", () => {
    expect(loadConfig({ API_KEYS: " first , ,second,," }).apiKeys).toEqual(["first", "second"]);
  });

  it.each([
    ["1", true],
    ["true", true],
    ["yes", true],
    ["0", false],
    ["false", false],
    ["no", false],
    ["", false],
  ])("FETCH_ALLOW_PRIVATE=%j is %s", (value, expected) => {
    expect(loadConfig({ FETCH_ALLOW_PRIVATE: value }).fetch.allowPrivate).toBe(expected);
  });

  it.each([
    "PORT",
    "WORKER_CONCURRENCY",
    "WORKER_HEAP_GROWTH_PERCENT",
    "RESEARCH_TIMEOUT_MS",
    "CACHE_TTL_SECONDS",
    "FETCH_HOST_DELAY_MS",
  ])("an empty %s means its default, like an unset one", (name) => {
    expect(loadConfig({ [name]: "" })).toEqual(loadConfig({}));
    expect(loadConfig({ [name]: "  " })).toEqual(loadConfig({}));
  });
});

describe("FETCH_CONNECT_TO", () => {
  const cases: Array<[string, Config["fetch"]["connectTo"]]> = [
    ["", []],
    ["acme.test:443:127.0.0.1:8443", [{ host: "acme.test", port: 443, address: "127.0.0.1", targetPort: 8443 }]],
    ["Acme.TEST:80:127.0.0.1:8080", [{ host: "acme.test", port: 80, address: "127.0.0.1", targetPort: 8080 }]],
    ["acme.test:443:[::1]:8443", [{ host: "acme.test", port: 443, address: "::1", targetPort: 8443 }]],
    ["acme.test:443:[fd00::5]:443", [{ host: "acme.test", port: 443, address: "fd00::5", targetPort: 443 }]],
    [
      " a.test:443:127.0.0.1:1001 , b.test:80:[::1]:1002,",
      [
        { host: "a.test", port: 443, address: "127.0.0.1", targetPort: 1001 },
        { host: "b.test", port: 80, address: "::1", targetPort: 1002 },
      ],
    ],
  ];

  it.each(cases)("%j", (value, expected) => {
    expect(loadConfig({ FETCH_CONNECT_TO: value }).fetch.connectTo).toEqual(expected);
  });

  it.each([
    "acme.test:443:127.0.0.1",
    "acme.test:https:127.0.0.1:443",
    "acme.test:443:::1:8443",
    "acme.test:443:127.0.0.1:99999",
    "acme.test:0:127.0.0.1:443",
  ])("refuses %j", (value) => {
    const problems = problemsOf({ FETCH_CONNECT_TO: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^FETCH_CONNECT_TO: /);
  });

  it("names every bad entry", () => {
    const problems = problemsOf({ FETCH_CONNECT_TO: "first-bad,acme.test:443:127.0.0.1:8443,second-bad" });
    expect(problems).toHaveLength(2);
    expect(problems.join("\n")).toContain("first-bad");
    expect(problems.join("\n")).toContain("second-bad");
  });
});

describe("TRUSTED_PROXIES", () => {
  it("takes addresses, CIDR ranges and Express's range names", () => {
    expect(loadConfig({ TRUSTED_PROXIES: " loopback, 10.0.0.0/8 ,192.0.2.7,fd00::/8," }).trustedProxies).toEqual([
      "loopback",
      "10.0.0.0/8",
      "192.0.2.7",
      "fd00::/8",
    ]);
  });

  it("names every bad entry", () => {
    const problems = problemsOf({ TRUSTED_PROXIES: "proxy.example.com,10.0.0.0/33,loopback,true" });
    expect(problems).toHaveLength(3);
    for (const entry of ["proxy.example.com", "10.0.0.0/33", "true"]) expect(problems.join("\n")).toContain(entry);
    expect(problems[0]).toMatch(/^TRUSTED_PROXIES: /);
  });
});

describe("loadConfig problems", () => {
  it.each([
    ["PORT", "http"],
    ["PORT", "70000"],
    ["PORT", "80.5"],
    ["REDIS_URL", "http://127.0.0.1:6379"],
    ["REDIS_PREFIX", "my prefix"],
    ["SEARCH_PROVIDER", "bing"],
    ["SEARXNG_URL", "not a url"],
    ["FETCH_ALLOW_PRIVATE", "maybe"],
    ["WORKER_CONCURRENCY", "0"],
    ["WORKER_HEAP_GROWTH_PERCENT", "-5"],
    ["RESEARCH_PROMPT_TOKENS", "100"],
    ["LOG_LEVEL", "loud"],
  ])("refuses %s=%j, naming the variable", (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: `));
  });

  it("reports every problem together in one ConfigError", () => {
    let thrown: unknown;
    try {
      loadConfig({
        PORT: "abc",
        REDIS_URL: "http://redis",
        SEARCH_PROVIDER: "bing",
        LOG_LEVEL: "loud",
        FETCH_CONNECT_TO: "nonsense",
        WORKER_CONCURRENCY: "-1",
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const error = thrown as ConfigError;
    expect(error.problems.map((problem) => problem.split(":")[0]).sort()).toEqual([
      "FETCH_CONNECT_TO",
      "LOG_LEVEL",
      "PORT",
      "REDIS_URL",
      "SEARCH_PROVIDER",
      "WORKER_CONCURRENCY",
    ]);
    for (const problem of error.problems) expect(error.message).toContain(problem);
  });
});

describe("describeConfigError", () => {
  it("says what cannot start, then one line per problem naming its variable, and no stack", () => {
    const error = new ConfigError(problemsOf({ PORT: "abc", SEARCH_PROVIDER: "bing", WORKER_CONCURRENCY: "0" }));
    expect(describeConfigError(error, "dossier worker").split("\n")).toEqual([
      "dossier worker: 3 environment variables are not valid:",
      "  PORT: must be a whole number",
      "  SEARCH_PROVIDER: must be one of searxng, brave, tavily, serper, none",
      "  WORKER_CONCURRENCY: must be at least 1",
      "",
    ]);
  });
});

describe("loadConfig result", () => {
  it("is frozen all the way down", () => {
    const config = loadConfig({ API_KEYS: "a,b", FETCH_CONNECT_TO: "acme.test:443:127.0.0.1:8443" });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.llm)).toBe(true);
    expect(Object.isFrozen(config.apiKeys)).toBe(true);
    expect(Object.isFrozen(config.fetch.connectTo)).toBe(true);
    expect(Object.isFrozen(config.fetch.connectTo[0])).toBe(true);
    expect(() => {
      (config as { port: number }).port = 1;
    }).toThrow(TypeError);
    expect(() => {
      (config.apiKeys as string[]).push("c");
    }).toThrow(TypeError);
    expect(config.port).toBe(8080);
    expect(config.apiKeys).toEqual(["a", "b"]);
  });
});
