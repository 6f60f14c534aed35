// The fakes live in @dossier/testing; research does not list it as a dependency, so the test imports its source.
import { describeSearchProviderContract } from "../../../../testing/src/search/describe-search-provider-contract.js";
import { SearxngSearchProvider } from "./searxng-search-provider.js";

describeSearchProviderContract(
  "searxng",
  ({ baseUrl, timeoutMs }) => new SearxngSearchProvider({ baseUrl, timeoutMs }),
);
