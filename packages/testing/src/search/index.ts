export {
  FAKE_SEARCH_RETRY_AFTER_SECONDS,
  startFakeSearchServer,
  type FakeSearchBehaviour,
  type FakeSearchRequest,
  type FakeSearchServer,
  type FakeSearchServerOptions,
} from "./start-fake-search-server.js";
export type { FakeSearchProviderName, FakeSearchResult } from "./fake-search-wire.js";
