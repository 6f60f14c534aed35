// The fakes live in @dossier/testing; research does not list it as a dependency, so the test imports its source.
import { describeSearchProviderContract } from "../../../../testing/src/search/describe-search-provider-contract.js";
import { SerperSearchProvider } from "./serper-search-provider.js";

describeSearchProviderContract(
  "serper",
  ({ baseUrl, apiKey, timeoutMs }) => new SerperSearchProvider({ apiKey, baseUrl, timeoutMs }),
);
