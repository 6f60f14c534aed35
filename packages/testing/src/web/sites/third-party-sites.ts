import { escapeHtml } from "../render-page.js";
import type { SiteDefinition, SitePage } from "../site.js";
import { paragraphs, privacyBody, standardLegalLinks } from "./site-helpers.js";

interface DirectoryEntry {
  slug: string;
  name: string;
  founded: string;
  employees: string;
  headquarters: string;
  industry: string;
  website: string;
  summary: string;
}

const directoryEntries: DirectoryEntry[] = [
  {
    slug: "northwind-robotics",
    name: "Northwind Robotics",
    founded: "2016",
    employees: "240",
    headquarters: "Boston, United States",
    industry: "Robotics and automation",
    website: "https://northwind-robotics.test",
    summary: "Maker of autonomous mobile robots for warehouses.",
  },
  {
    slug: "lindenhof-analytics",
    name: "Lindenhof Analytics GmbH",
    founded: "2014",
    employees: "85",
    headquarters: "Berlin, Germany",
    industry: "Data analytics software",
    website: "https://lindenhof-analytics.test",
    summary: "Business intelligence for mid-sized manufacturers.",
  },
  {
    slug: "harborview-health",
    name: "Harborview Health",
    founded: "2012",
    employees: "620",
    headquarters: "Seattle, United States",
    industry: "Healthcare software",
    website: "https://harborview-health.test",
    summary: "Patient scheduling software for clinics.",
  },
  {
    slug: "brightleaf-payments",
    name: "Brightleaf Payments Ltd",
    founded: "2018",
    employees: "410",
    headquarters: "London, United Kingdom",
    industry: "Financial services",
    website: "https://brightleaf-payments.test",
    summary: "Payments infrastructure for marketplaces.",
  },
  {
    slug: "quillstone",
    name: "Quillstone",
    founded: "2020",
    employees: "55",
    headquarters: "Austin, United States",
    industry: "Developer tools",
    website: "https://quillstone.test",
    summary: "API documentation platform.",
  },
  {
    slug: "meridian-solar-systems",
    name: "Meridian Solar Systems",
    founded: "2008",
    employees: "1,850",
    headquarters: "Denver, United States",
    industry: "Energy",
    website: "https://meridian-solar.test",
    summary: "Solar trackers and inverters for utility-scale projects.",
  },
  {
    slug: "kestrel-security",
    name: "Kestrel Security B.V.",
    founded: "2015",
    employees: "130",
    headquarters: "Amsterdam, Netherlands",
    industry: "Cybersecurity",
    website: "https://kestrel-security.test",
    summary: "Penetration testing and incident response.",
  },
  {
    slug: "alder-finch-architects",
    name: "Alder & Finch Architects",
    founded: "2009",
    employees: "14",
    headquarters: "Portland, United States",
    industry: "Architecture",
    website: "https://alder-finch.test",
    summary: "Architecture studio for schools, libraries and homes.",
  },
];

function directoryPage(entry: DirectoryEntry): SitePage {
  const items = [
    `Founded: ${entry.founded}`,
    `Employees: ${entry.employees}`,
    `Headquarters: ${entry.headquarters}`,
    `Industry: ${entry.industry}`,
  ].map((item) => `  <li>${escapeHtml(item)}</li>`);
  return {
    path: `/companies/${entry.slug}`,
    title: `${entry.name} company profile`,
    description: `${entry.name}: founding year, headcount, headquarters and industry.`,
    jsonLd: [{ "@type": "Organization", name: entry.name, url: entry.website, foundingDate: entry.founded }],
    body: `${paragraphs(entry.summary)}
<ul class="company-facts">
${items.join("\n")}
  <li>Website: <a href="${entry.website}" rel="nofollow">${entry.website.replace("https://", "")}</a></li>
</ul>
${paragraphs("Data is compiled from company filings and public sources and was last reviewed in January 2025.")}`,
  };
}

/** FirmRegister: a business directory that lists headcount, founding year and headquarters. */
export const firmRegister: SiteDefinition = {
  host: "firmregister.test",
  brand: "FirmRegister",
  legalLine: "FirmRegister Data Ltd",
  accent: "#1e40af",
  navigation: [
    { label: "Companies", href: "/companies" },
    { label: "Pricing", href: "/pricing" },
    { label: "Sign in", href: "/login" },
  ],
  legalLinks: standardLegalLinks,
  cookieBanner: "FirmRegister uses cookies and similar technologies for advertising.",
  robotsDisallow: ["/login"],
  pages: [
    {
      path: "/",
      title: "Company profiles",
      description: "Look up companies by name.",
      body: paragraphs("Search profiles of 4 million companies."),
    },
    {
      path: "/companies",
      title: "All companies",
      description: "Browse company profiles.",
      body: `<ul>\n${directoryEntries.map((entry) => `  <li><a href="/companies/${entry.slug}">${escapeHtml(entry.name)}</a></li>`).join("\n")}\n</ul>`,
    },
    ...directoryEntries.map(directoryPage),
    {
      path: "/privacy",
      title: "Privacy",
      description: "Privacy.",
      body: privacyBody("FirmRegister", "privacy@firmregister.test"),
    },
    { path: "/terms", title: "Terms", description: "Terms.", body: paragraphs("Profiles are provided as is.") },
  ],
};

interface Article {
  path: string;
  title: string;
  date: string;
  author: string;
  paragraphs: string[];
}

const articles: Article[] = [
  {
    path: "/2023/03/northwind-robotics-series-c",
    title: "Warehouse robot maker Northwind Robotics raises $85 million",
    date: "2023-03-14",
    author: "Hannah Osei",
    paragraphs: [
      "Boston-based Northwind Robotics has raised $85 million in a Series C round led by Granite Peak Ventures.",
      "The company, which has about 240 employees, rents its Pickmate robots to warehouses for a monthly fee rather than selling them.",
    ],
  },
  {
    path: "/2022/09/brightleaf-payments-hires-cfo",
    title: "Brightleaf Payments hires Oliver Grant as finance chief",
    date: "2022-09-07",
    author: "Tom Reyes",
    paragraphs: [
      "London fintech Brightleaf Payments has hired Oliver Grant as chief financial officer ahead of a planned funding round.",
      "Brightleaf, founded in 2018, says it now employs more than 400 people.",
    ],
  },
  {
    path: "/2024/06/lindenhof-analytics-mittelstand",
    title: "Lindenhof Analytics bets on Germany's Mittelstand",
    date: "2024-06-11",
    author: "Hannah Osei",
    paragraphs: [
      "Berlin-based Lindenhof Analytics, founded in 2014, sells dashboards to mid-sized manufacturers and now has 85 employees.",
      "Managing director Katrin Vogel said the company has been profitable since 2019.",
    ],
  },
  {
    path: "/2021/08/harborview-health-telehealth",
    title: "Harborview Health adds video visits",
    date: "2021-08-18",
    author: "Tom Reyes",
    paragraphs: [
      "Seattle scheduling company Harborview Health launched video visits this week.",
      "Dr. Sarah Chen, Harborview's chief medical officer, said clinics had asked for one tool instead of two.",
    ],
  },
];

/** Ledger Street: an independent business news site that confirms some of the companies' facts. */
export const ledgerStreet: SiteDefinition = {
  host: "ledgerstreet.test",
  brand: "Ledger Street",
  legalLine: "Ledger Street Media Inc.",
  accent: "#111827",
  navigation: [
    { label: "Tech", href: "/" },
    { label: "Finance", href: "/" },
    { label: "Subscribe", href: "/subscribe" },
  ],
  legalLinks: standardLegalLinks,
  cookieBanner: "We and 143 partners store and access information on your device.",
  pages: [
    {
      path: "/",
      title: "Ledger Street: business and technology news",
      description: "Independent business news.",
      body: `<ul>\n${articles.map((article) => `  <li><a href="${article.path}">${escapeHtml(article.title)}</a></li>`).join("\n")}\n</ul>`,
    },
    {
      path: "/subscribe",
      title: "Subscribe",
      description: "Subscribe to Ledger Street.",
      body: paragraphs("Unlimited articles for $9 a month."),
    },
    ...articles.map(
      (article): SitePage => ({
        path: article.path,
        title: article.title,
        description: article.paragraphs[0] ?? article.title,
        publishedAt: article.date,
        jsonLd: [
          {
            "@type": "NewsArticle",
            headline: article.title,
            datePublished: article.date,
            author: { "@type": "Person", name: article.author },
          },
        ],
        body: `<p class="byline">By ${escapeHtml(article.author)}, <time datetime="${article.date}">${article.date}</time></p>\n${paragraphs(...article.paragraphs)}`,
      }),
    ),
    {
      path: "/privacy",
      title: "Privacy",
      description: "Privacy.",
      body: privacyBody("Ledger Street", "privacy@ledgerstreet.test"),
    },
    { path: "/terms", title: "Terms", description: "Terms.", body: paragraphs("Terms of use of Ledger Street.") },
  ],
};
