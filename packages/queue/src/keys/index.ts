export { type ApiKeyIdentity, type ApiKeyRecord, ApiKeyStore, hashApiKey } from "./api-key-store.js";
