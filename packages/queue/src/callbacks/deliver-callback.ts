import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import type { OutboundTarget } from "@dossier/egress";

/** What the receiver answered. */
export interface CallbackDelivery {
  status: number;
}

/**
 * POSTs a body to a checked target. The socket connects to `target.address` (the address that
 * was checked), while the Host header and the TLS server name stay the URL's host, so the
 * receiver's certificate is still verified for it. Redirects are not followed.
 */
export function deliverCallback(
  target: OutboundTarget,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<CallbackDelivery> {
  const { url } = target;
  const secure = url.protocol === "https:";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return new Promise((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(
      {
        host: target.address,
        port: target.port,
        path: `${url.pathname}${url.search}`,
        method: "POST",
        headers: {
          ...headers,
          host: url.host,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
        timeout: timeoutMs,
        ...(secure && isIP(host) === 0 ? { servername: host } : {}),
      },
      (response) => {
        // Only the status matters; the body is read and dropped so the socket can close.
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on("error", reject);
    request.end(body);
  });
}
