import type { Config } from "@dossier/config";
import { createDossierMcpServer } from "@dossier/mcp";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { Command } from "commander";
import { GATEWAY_FLAG_HELP, type GatewayFlags, gatewayClient } from "../gateway-client.js";

/**
 * `dossier mcp`: the MCP server over stdio, for Claude Desktop, Cursor and other MCP hosts. Its tools
 * call a running gateway (DOSSIER_URL, DOSSIER_API_KEY, or --url and --key). Stdout carries the
 * protocol only; anything else goes to stderr.
 */
export function mcpCommand(loadConfig: () => Config): Command {
  return new Command("mcp")
    .description("serve Dossier's research tools to an MCP host over stdio")
    .option("--url <url>", GATEWAY_FLAG_HELP.url)
    .option("--key <key>", GATEWAY_FLAG_HELP.key)
    .action(async (options: GatewayFlags) => {
      const server = createDossierMcpServer(gatewayClient(loadConfig(), options));
      const transport = new StdioServerTransport();
      const closed = new Promise<void>((resolve) => {
        transport.onclose = resolve;
      });
      await server.connect(transport);
      process.stderr.write("dossier: MCP server on stdio\n");
      await closed;
    });
}
