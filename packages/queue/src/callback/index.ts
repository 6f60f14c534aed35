export * from "./callback-address.js";
export * from "./callback-signature.js";
export * from "./callback-worker.js";
export * from "./deliver-callback.js";
