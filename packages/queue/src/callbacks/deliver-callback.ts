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
 *
 * `timeoutMs` bounds the whole delivery, from connecting to the last byte of the answer: a
 * receiver that sends its headers and then a byte now and then is cut off at the deadline like
 * one that never answers (an idle time-out alone would let it hold a delivery slot for ever).
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
    const late = new Error(`the delivery did not end within ${timeoutMs} ms`);
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      request.destroy(late);
    }, timeoutMs);
    const settle = () => clearTimeout(deadline);
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
        response.on("end", () => {
          settle();
          resolve({ status: response.statusCode ?? 0 });
        });
        response.on("error", (error) => {
          settle();
          reject(error);
        });
        // Cut off mid-body (the deadline, or the receiver closing): not a delivery.
        response.on("close", () => {
          settle();
          if (!response.complete) reject(timedOut ? late : new Error("the answer was cut off before its end"));
        });
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on("error", (error) => {
      settle();
      reject(error);
    });
    request.end(body);
  });
}
