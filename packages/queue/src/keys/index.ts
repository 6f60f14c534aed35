export {
  type ApiKeyIdentity,
  type ApiKeyRecord,
  ApiKeyStore,
  hashApiKey,
  keyNameProblem,
  MAX_KEY_NAME_LENGTH,
} from "./api-key-store.js";
