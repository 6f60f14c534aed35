export * from "./launch-chromium.js";
