export * from "./callback-signature.js";
export * from "./callback-address.js";
export * from "./deliver-callback.js";
export * from "./callback-worker.js";
