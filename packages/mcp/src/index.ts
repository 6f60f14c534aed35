export { createDossierMcpServer, DOSSIER_TOOLS, MCP_SERVER_VERSION } from "./create-mcp-server.js";
export { formatAnswerText, formatBatchText } from "./format-answer-text.js";
export { toolSchemas } from "./tool-schemas.js";
