import { isIP } from "node:net";
import { Agent, buildConnector } from "undici";
import { type AddressPolicy, resolveConnectAddress } from "./address-policy.js";

/** Settings of {@link createGuardedAgent}. */
export interface GuardedAgentSettings {
  /** Which addresses may be reached. */
  policy: AddressPolicy;
  /** Time allowed to open a TCP (and TLS) connection, in milliseconds. */
  connectTimeoutMs: number;
  /** Most connections kept open to one origin. */
  connectionsPerOrigin: number;
  /** CA certificates in PEM trusted instead of Node's store; for tests. Unset: Node's store. */
  ca?: string | readonly string[];
}

/**
 * An undici Agent whose every connection is opened through the address policy: the host is
 * resolved and checked inside the connector, and the socket is opened to the checked address.
 * A DNS answer that changes between the check and the connect (DNS rebinding) therefore cannot
 * reach a refused address. TLS keeps the URL's host as server name, so certificates are still
 * verified for it.
 */
export function createGuardedAgent(settings: GuardedAgentSettings): Agent {
  const connectSocket = buildConnector({
    timeout: settings.connectTimeoutMs,
    ...(settings.ca === undefined ? {} : { ca: [...toArray(settings.ca)] }),
  });
  const connect: buildConnector.connector = (options, callback) => {
    const hostname = options.hostname;
    const defaultPort = options.protocol === "https:" ? 443 : 80;
    const port = options.port === "" || options.port === undefined ? defaultPort : Number(options.port);
    resolveConnectAddress(hostname, port, settings.policy).then(
      (target) => {
        const bareHost = hostname.replace(/^\[|\]$/g, "");
        // SNI must not carry an IP address; for a host name it must be the URL's host, not the target.
        const servername = isIP(bareHost) === 0 ? bareHost : undefined;
        connectSocket(
          {
            ...options,
            hostname: target.address,
            port: String(target.port),
            ...(servername === undefined ? {} : { servername }),
          },
          callback,
        );
      },
      (error: Error) => callback(error, null),
    );
  };
  return new Agent({ connect, connections: settings.connectionsPerOrigin });
}

function toArray(value: string | readonly string[]): readonly string[] {
  return typeof value === "string" ? [value] : value;
}
