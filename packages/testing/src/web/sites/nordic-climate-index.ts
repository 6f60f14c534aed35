import { escapeHtml } from "../render-page.js";
import type { SiteDefinition } from "../site.js";
import { paragraphs, privacyBody, standardLegalLinks } from "./site-helpers.js";

/** One member startup of the Nordic Climate Index directory. */
export interface ClimateMember {
  name: string;
  slug: string;
  /** What its card says, sentence by sentence. */
  sentences: string[];
  /** Whether it is a climate startup hiring engineers (the ground truth of the list tests). */
  hiringEngineers: boolean | null;
}

/**
 * The directory's members. Each card states in plain words whether the startup is a climate
 * startup and whether it hires engineers: yes, no ("is not hiring"), or nothing at all.
 */
export const climateMembers: ClimateMember[] = [
  {
    name: "Fjordlight Energy",
    slug: "fjordlight-energy",
    sentences: [
      "Fjordlight Energy is a climate startup from Oslo building long-duration grid storage.",
      "Fjordlight Energy is hiring engineers.",
    ],
    hiringEngineers: true,
  },
  {
    name: "Birchwind Carbon",
    slug: "birchwind-carbon",
    sentences: [
      "Birchwind Carbon is a climate startup from Stockholm that turns forestry waste into biochar.",
      "Birchwind Carbon is not hiring engineers this year.",
    ],
    hiringEngineers: false,
  },
  {
    name: "Tundra Heat",
    slug: "tundra-heat",
    sentences: [
      "Tundra Heat is a climate startup from Helsinki making heat pumps for factories.",
      "Tundra Heat is hiring engineers.",
    ],
    hiringEngineers: true,
  },
  {
    name: "Saltmarsh Mobility",
    slug: "saltmarsh-mobility",
    sentences: ["Saltmarsh Mobility is a climate startup from Copenhagen electrifying harbour ferries."],
    hiringEngineers: null,
  },
  {
    name: "Nordkapp Hydrogen",
    slug: "nordkapp-hydrogen",
    sentences: [
      "Nordkapp Hydrogen is a climate startup from Tromsø producing green hydrogen for fishing fleets.",
      "Nordkapp Hydrogen is hiring engineers.",
    ],
    hiringEngineers: true,
  },
  {
    name: "Aurora Wind Works",
    slug: "aurora-wind-works",
    sentences: [
      "Aurora Wind Works is a climate startup from Bergen servicing offshore wind turbines.",
      "Aurora Wind Works is hiring engineers.",
    ],
    hiringEngineers: true,
  },
];

/** The members on the directory's second page. */
export const climateMembersPageTwo: ClimateMember[] = [
  {
    name: "Skagen Tidal",
    slug: "skagen-tidal",
    sentences: [
      "Skagen Tidal is a climate startup from Aalborg harvesting tidal currents.",
      "Skagen Tidal is hiring engineers.",
    ],
    hiringEngineers: true,
  },
  {
    name: "Polar Cell Batteries",
    slug: "polar-cell-batteries",
    sentences: [
      "Polar Cell Batteries is a climate startup from Luleå recycling battery metals.",
      "Polar Cell Batteries is not hiring engineers at the moment.",
    ],
    hiringEngineers: false,
  },
];

function card(member: ClimateMember): string {
  return `  <article class="member-card">
    <h3>${escapeHtml(member.name)}</h3>
    ${member.sentences.map((sentence) => `<p>${escapeHtml(sentence)}</p>`).join("\n    ")}
    <a href="/members/${member.slug}">View profile</a>
  </article>`;
}

/**
 * Nordic Climate Index: a member directory of climate startups, paged (six members, then two on
 * `/members/page-2`, linked by "Next"), and a table of the members that are hiring, which names
 * three of them again. The list tests' world: its cards become candidates, and each card states
 * (or does not) whether its startup is hiring engineers.
 */
export const nordicClimateIndex: SiteDefinition = {
  host: "nordicclimateindex.test",
  brand: "Nordic Climate Index",
  legalLine: "Nordic Climate Index ry, Helsinki",
  accent: "#047857",
  navigation: [
    { label: "Members", href: "/members" },
    { label: "Hiring", href: "/hiring" },
    { label: "About", href: "/about" },
  ],
  legalLinks: standardLegalLinks,
  pages: [
    {
      path: "/",
      title: "Nordic Climate Index",
      description: "The directory of climate startups in the Nordics.",
      body: paragraphs(
        "The Nordic Climate Index lists climate startups from Norway, Sweden, Finland, Denmark and Iceland.",
      ),
    },
    {
      path: "/members",
      title: "Member climate startups directory",
      description: "Every climate startup in the Nordic Climate Index.",
      body: `${paragraphs("Climate startups in the Nordics that are members of the index, with what they build and whether they are hiring engineers.")}
<section class="member-grid">
${climateMembers.map(card).join("\n")}
</section>
<p><a href="/members/page-2" rel="next">Next</a></p>`,
    },
    {
      path: "/members/page-2",
      title: "Member climate startups directory, page 2",
      description: "More climate startups in the Nordic Climate Index.",
      body: `<section class="member-grid">
${climateMembersPageTwo.map(card).join("\n")}
</section>`,
    },
    {
      path: "/hiring",
      title: "Climate startups hiring engineers",
      description: "Members of the index that are hiring engineers now.",
      body: `${paragraphs("Members of the Nordic Climate Index with open engineering roles.")}
<table>
  <tr><th>Company</th><th>City</th><th>Open roles</th></tr>
  <tr><td>Fjordlight Energy</td><td>Oslo</td><td>Battery engineers</td></tr>
  <tr><td>Tundra Heat</td><td>Helsinki</td><td>Mechanical engineers</td></tr>
  <tr><td>Nordkapp Hydrogen</td><td>Tromsø</td><td>Process engineers</td></tr>
</table>`,
    },
    {
      path: "/about",
      title: "About the index",
      description: "Who runs the Nordic Climate Index.",
      body: paragraphs("The index is run by volunteers and updated every month."),
    },
    {
      path: "/privacy",
      title: "Privacy",
      description: "Privacy.",
      body: privacyBody("Nordic Climate Index", "privacy@nordicclimateindex.test"),
    },
  ],
};
