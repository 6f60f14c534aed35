import { escapeHtml } from "../render-page.js";
import type { SiteDefinition } from "../site.js";
import { paragraphs, privacyBody, standardLegalLinks } from "./site-helpers.js";

/** One logo of the Lanternfish Foundation's sponsors page, as the page marks it up. */
interface SponsorLogo {
  /** The image's file, under `/logos/`. */
  file: string;
  /** The site the logo links to; none for a logo that is only an image. */
  href?: string;
  /** Attributes of the image (`alt`, `title`) and of the link (`aria-label`), as written. */
  alt?: string;
  title?: string;
  ariaLabel?: string;
}

function logo(sponsor: SponsorLogo): string {
  const image = `<img src="/logos/${sponsor.file}"${sponsor.alt !== undefined ? ` alt="${escapeHtml(sponsor.alt)}"` : ""}${sponsor.title ? ` title="${escapeHtml(sponsor.title)}"` : ""} width="160" height="64" loading="lazy">`;
  if (!sponsor.href) return `<li>${image}</li>`;
  const label = sponsor.ariaLabel ? ` aria-label="${escapeHtml(sponsor.ariaLabel)}"` : "";
  return `<li><a href="${sponsor.href}"${label} rel="sponsored">${image}</a></li>`;
}

function tier(heading: string, sponsors: SponsorLogo[]): string {
  return `<section class="sponsor-tier">
  <h2>${escapeHtml(heading)}</h2>
  <ul class="sponsor-logos">
    ${sponsors.map(logo).join("\n    ")}
  </ul>
</section>`;
}

/**
 * The sponsors page: logos only, no text beside them, in tiers. Each logo is named a different way
 * (the image's `alt` with "logo", its `title`, the link's `aria-label`, nothing but the site it
 * links to, an `alt` without a link); one image carries only its file name and names nobody; a
 * tier of two sits over a tier of four; the former sponsors are no longer sponsors.
 */
const sponsorsBody = `${paragraphs("The Lanternfish Foundation pays open-source maintainers. Its work is funded by the companies below.")}
${tier("Platinum sponsors", [
  { file: "pebblewave.svg", href: "https://pebblewave.test/", alt: "Pebblewave logo" },
  { file: "copperline.svg", href: "https://copperline.test", alt: "", ariaLabel: "Copperline Hosting" },
])}
${tier("Gold sponsors", [
  { file: "sponsor-03.png", href: "https://driftmark.test/?utm_source=lanternfish" },
  { file: "saltgrass.png", href: "https://saltgrass.test/", title: "Saltgrass Analytics" },
  { file: "kestrel.png", href: "https://kestrel-security.test/", alt: "Kestrel Security" },
  { file: "meridian.png", href: "https://meridian-solar.test/", alt: "Meridian Solar logo" },
])}
${tier("Community supporters", [
  { file: "larkspur-labs.png", alt: "Larkspur Labs" },
  { file: "logo.png", alt: "logo.png" },
  { file: "alder-finch.png", alt: "Alder & Finch" },
])}
${tier("Former sponsors", [{ file: "brightleaf.png", href: "https://brightleaf-payments.test/", alt: "Brightleaf Payments" }])}`;

/**
 * The Lanternfish Foundation: an open-source fund whose sponsors page is a wall of logos (only with
 * `extraSites: lanternfishWorld`). The list case over it asks which sponsors offer a free plan for
 * open-source projects: only the sponsors' own sites say.
 */
export const lanternfishFoundation: SiteDefinition = {
  host: "lanternfish.test",
  brand: "Lanternfish Foundation",
  legalLine: "Lanternfish Foundation, a non-profit, Lisbon",
  accent: "#1d4ed8",
  navigation: [
    { label: "Sponsors", href: "/sponsors" },
    { label: "Grants", href: "/grants" },
  ],
  legalLinks: standardLegalLinks,
  pages: [
    {
      path: "/",
      title: "Lanternfish Foundation",
      description: "A fund that pays open-source maintainers.",
      body: paragraphs(
        "The Lanternfish Foundation pays maintainers of open-source libraries that everyone depends on and nobody funds.",
      ),
    },
    {
      path: "/sponsors",
      title: "Sponsors",
      description: "The companies that fund the Lanternfish Foundation.",
      body: sponsorsBody,
    },
    {
      path: "/grants",
      title: "Grants",
      description: "How the foundation's grants work.",
      body: paragraphs("Maintainers apply twice a year; grants run for twelve months."),
    },
    {
      path: "/privacy",
      title: "Privacy",
      description: "Privacy.",
      body: privacyBody("Lanternfish Foundation", "privacy@lanternfish.test"),
    },
  ],
};

/** A sponsor's own small site: a home page, a pricing page that says (or not) what it offers, privacy. */
function sponsorSite(options: {
  host: string;
  brand: string;
  legalLine: string;
  accent: string;
  home: string;
  pricing: string[];
}): SiteDefinition {
  return {
    host: options.host,
    brand: options.brand,
    legalLine: options.legalLine,
    accent: options.accent,
    navigation: [{ label: "Pricing", href: "/pricing" }],
    legalLinks: standardLegalLinks,
    pages: [
      { path: "/", title: options.brand, description: options.home, body: paragraphs(options.home) },
      {
        path: "/pricing",
        title: "Pricing",
        description: `${options.brand} plans and prices.`,
        body: paragraphs(...options.pricing),
      },
      {
        path: "/privacy",
        title: "Privacy",
        description: "Privacy.",
        body: privacyBody(options.brand, `privacy@${options.host}`),
      },
    ],
  };
}

/** The sponsors with sites of their own, beside the fixture companies (Kestrel, Meridian, Alder & Finch, Brightleaf) the page also shows. */
export const lanternfishSponsors: SiteDefinition[] = [
  sponsorSite({
    host: "pebblewave.test",
    brand: "Pebblewave",
    legalLine: "Pebblewave Ltd, Dublin",
    accent: "#0e7490",
    home: "Pebblewave runs continuous integration for teams that ship every day.",
    pricing: [
      "Pebblewave offers a free plan for open-source projects: unlimited build minutes for public repositories.",
      "Team: $15 per user per month.",
    ],
  }),
  sponsorSite({
    host: "copperline.test",
    brand: "Copperline Hosting",
    legalLine: "Copperline Hosting GmbH, Leipzig",
    accent: "#b45309",
    home: "Copperline Hosting runs managed servers in three European data centres.",
    pricing: [
      "Copperline Hosting offers a free plan for open-source projects, with 10 GB of bandwidth a month.",
      "Business: from €40 a month.",
    ],
  }),
  sponsorSite({
    host: "driftmark.test",
    brand: "Driftmark",
    legalLine: "Driftmark Inc., Halifax",
    accent: "#4338ca",
    home: "Driftmark tracks errors in web and mobile apps.",
    pricing: [
      "Driftmark offers a free plan for open-source projects with up to 50,000 events a month.",
      "Growth: $29 a month.",
    ],
  }),
  sponsorSite({
    host: "saltgrass.test",
    brand: "Saltgrass Analytics",
    legalLine: "Saltgrass Analytics Oy, Turku",
    accent: "#15803d",
    home: "Saltgrass Analytics measures the carbon footprint of cloud workloads.",
    pricing: [
      "Saltgrass Analytics does not offer a free plan for open-source projects; they get 20% off any plan.",
      "Standard: €90 a month.",
    ],
  }),
  sponsorSite({
    host: "larkspur.test",
    brand: "Larkspur Labs",
    legalLine: "Larkspur Labs Ltd, Bristol",
    accent: "#7e22ce",
    home: "Larkspur Labs builds a database migration tool.",
    pricing: [
      "Larkspur Labs offers a free plan for open-source projects, with every feature included.",
      "Pro: £12 per seat per month.",
    ],
  }),
];

/** The Lanternfish world: the foundation's site and its sponsors' own sites, served beside the usual sites. */
export const lanternfishWorld: SiteDefinition[] = [lanternfishFoundation, ...lanternfishSponsors];
