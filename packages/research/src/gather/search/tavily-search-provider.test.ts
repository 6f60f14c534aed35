// The fakes live in @dossier/testing; research does not list it as a dependency, so the test imports its source.
import { describeSearchProviderContract } from "../../../../testing/src/search/describe-search-provider-contract.js";
import { TavilySearchProvider } from "./tavily-search-provider.js";

describeSearchProviderContract(
  "tavily",
  ({ baseUrl, apiKey, timeoutMs }) => new TavilySearchProvider({ apiKey, baseUrl, timeoutMs }),
);
