export type { FakeSearchProviderName, FakeSearchResult } from "./fake-search-wire.js";
export {
  FAKE_SEARCH_RETRY_AFTER_SECONDS,
  type FakeSearchBehaviour,
  type FakeSearchRequest,
  type FakeSearchServer,
  type FakeSearchServerOptions,
  startFakeSearchServer,
} from "./start-fake-search-server.js";
