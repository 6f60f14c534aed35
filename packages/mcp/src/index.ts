export { createDossierMcpServer, DOSSIER_TOOLS, MCP_SERVER_VERSION } from "./create-mcp-server.js";
export { formatAnswerText, formatBatchText } from "./format-answer-text.js";
export { toolSchemas } from "./tool-schemas.js";
export { formatWatchEventText, formatWatchText, WATCH_TOOLS, watchToolSchemas } from "./watch-tools.js";
