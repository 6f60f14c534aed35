import type { SiteDefinition } from "../site.js";
import { alderFinch } from "./alder-finch.js";
import { brightleafPayments, brightleafStatus } from "./brightleaf-payments.js";
import { harborviewHealth } from "./harborview-health.js";
import { kestrelSecurity } from "./kestrel-security.js";
import { lindenhofAnalytics } from "./lindenhof-analytics.js";
import { meridianSolar } from "./meridian-solar.js";
import { northwindRobotics } from "./northwind-robotics.js";
import { quillstone, quillstoneDocs } from "./quillstone.js";
import { firmRegister, ledgerStreet } from "./third-party-sites.js";

/** Every well-behaved site of the simulated web: eight companies, their status and docs hosts, a directory and a news site. */
export function allSites(): SiteDefinition[] {
  return [
    northwindRobotics,
    lindenhofAnalytics,
    harborviewHealth,
    brightleafPayments,
    brightleafStatus,
    quillstone,
    quillstoneDocs,
    meridianSolar,
    kestrelSecurity,
    alderFinch,
    firmRegister,
    ledgerStreet,
  ];
}
