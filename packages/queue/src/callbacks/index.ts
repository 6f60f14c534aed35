export { CALLBACK_SIGNATURE_HEADER, signCallback, verifyCallbackSignature } from "./callback-signature.js";
export { type BatchCallbackBody, type CallbackWorkerSettings, createCallbackWorker } from "./callback-worker.js";
