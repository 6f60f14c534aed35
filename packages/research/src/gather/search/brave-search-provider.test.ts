// The fakes live in @dossier/testing; research does not list it as a dependency, so the test imports its source.
import { describeSearchProviderContract } from "../../../../testing/src/search/describe-search-provider-contract.js";
import { BraveSearchProvider } from "./brave-search-provider.js";

describeSearchProviderContract(
  "brave",
  ({ baseUrl, apiKey, timeoutMs }) => new BraveSearchProvider({ apiKey, baseUrl, timeoutMs }),
);
