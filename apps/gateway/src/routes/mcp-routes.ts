import { Dossier } from "@dossier/client";
import { createDossierMcpServer } from "@dossier/mcp";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Request, RequestHandler, Response } from "express";
import { type Route, route } from "../http/route-table.js";

export interface McpRouteSettings {
  /** Authentication: the same `x-api-key` as the API. */
  authenticate: RequestHandler[];
  /** The JSON body. */
  body: RequestHandler;
}

/**
 * `POST /mcp`: the MCP server over streamable HTTP, stateless (each request stands alone, so any
 * gateway answers it). Its tools call this gateway's own API over loopback with the caller's key,
 * so that they are validated, rate limited, scoped and logged like every other call.
 */
export function mcpRoutes(settings: McpRouteSettings): Route[] {
  return [
    route("POST", "/mcp", ...settings.authenticate, settings.body, async (request: Request, response: Response) => {
      const dossier = new Dossier({
        baseUrl: `http://127.0.0.1:${request.socket.localPort}`,
        apiKey: String(request.header("x-api-key")).trim(),
        headers: { "x-request-id": response.locals.requestId },
      });
      const server = createDossierMcpServer(dossier);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      response.on("close", () => {
        void transport.close().catch(() => {});
        void server.close().catch(() => {});
      });
      await server.connect(transport);
      await transport.handleRequest(request, response, request.body);
    }),
  ];
}
