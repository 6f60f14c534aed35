import type { SiteDefinition } from "../site.js";
import {
  jobPostingJsonLd,
  list,
  newsList,
  organizationJsonLd,
  paragraphs,
  personJsonLd,
  privacyBody,
  standardLegalLinks,
  teamGrid,
} from "./site-helpers.js";

const host = "brightleaf-payments.test";
const url = `http://${host}`;
const organization = "Brightleaf Payments";
const linkedinCompany = "https://www.linkedin.com/company/brightleaf-payments";

const news = [
  { path: "/news/series-c", title: "Brightleaf Payments raises $120 million Series C", date: "2024-02-20" },
  {
    path: "/news/oliver-grant-cfo",
    title: "Oliver Grant joins Brightleaf Payments as Chief Financial Officer",
    date: "2022-09-06",
  },
];

/** Brightleaf Payments: payments for marketplaces, London, about 410 people. */
export const brightleafPayments: SiteDefinition = {
  host,
  brand: organization,
  legalLine:
    "Brightleaf Payments Ltd, 30 Finsbury Square, London EC2A 1AG. Registered in England and Wales, company number 11234567",
  accent: "#65a30d",
  navigation: [
    { label: "Products", href: "/" },
    { label: "Pricing", href: "/pricing" },
    { label: "Developers", href: "/developers" },
    { label: "Security", href: "/security" },
    { label: "About", href: "/about" },
    { label: "Team", href: "/team" },
    { label: "Careers", href: "/careers" },
    { label: "Press", href: "/news" },
  ],
  legalLinks: [...standardLegalLinks, { label: "Modern slavery statement", href: "/terms" }],
  socialLinks: [
    { label: "LinkedIn", href: linkedinCompany },
    { label: "GitHub", href: "https://github.com/brightleaf-payments" },
  ],
  cookieBanner:
    "We and our partners use cookies to personalise content and analyse traffic. Manage your choices at any time.",
  pages: [
    {
      path: "/",
      title: "Payments infrastructure for marketplaces",
      description: "Brightleaf Payments lets marketplaces collect, hold and split payments across Europe.",
      jsonLd: [
        organizationJsonLd({
          name: organization,
          legalName: "Brightleaf Payments Ltd",
          url,
          foundingDate: "2018",
          employees: 410,
          city: "London",
          country: "GB",
          linkedinUrl: linkedinCompany,
        }),
      ],
      body: paragraphs(
        "Brightleaf Payments lets marketplaces collect, hold and split payments across Europe.",
        "Over 2,300 platforms process payments with Brightleaf, from rental marketplaces to B2B wholesalers.",
      ),
    },
    {
      path: "/about",
      title: "About Brightleaf",
      description: "Who we are.",
      body: paragraphs(
        "Brightleaf Payments was founded in London in 2018 by Amara Okafor.",
        "Our 410 people work from offices in London, Lisbon and Berlin.",
        "Brightleaf is authorised by the Financial Conduct Authority as an electronic money institution.",
      ),
    },
    {
      path: "/team",
      title: "Our leadership",
      description: "The leadership team of Brightleaf Payments.",
      jsonLd: [
        personJsonLd({
          name: "Amara Okafor",
          jobTitle: "Chief Executive Officer",
          organization,
          url,
          city: "London",
          country: "GB",
          linkedinUrl: "https://www.linkedin.com/in/amara-okafor",
        }),
        personJsonLd({
          name: "Oliver Grant",
          jobTitle: "Chief Financial Officer",
          organization,
          url,
          city: "London",
          country: "GB",
          linkedinUrl: "https://www.linkedin.com/in/oliver-grant-cfo",
        }),
      ],
      body: teamGrid([
        {
          name: "Amara Okafor",
          title: "Founder and Chief Executive Officer",
          bio: ["Amara founded Brightleaf in 2018 after building payment systems at two London banks."],
          linkedinUrl: "https://www.linkedin.com/in/amara-okafor",
        },
        {
          name: "Oliver Grant",
          title: "Chief Financial Officer",
          bio: ["Oliver leads finance, treasury and regulatory reporting from London."],
          linkedinUrl: "https://www.linkedin.com/in/oliver-grant-cfo",
        },
        {
          name: "Inês Carvalho",
          title: "VP Engineering",
          bio: ["Inês leads the engineering teams in Lisbon and Berlin."],
        },
      ]),
    },
    {
      path: "/pricing",
      title: "Pricing",
      description: "Pay as you go: no monthly fees.",
      body:
        list(
          "UK cards: 1.4% + 20p per successful card transaction.",
          "European cards: 1.9% + 20p per successful card transaction.",
          "Payouts to sellers: free.",
        ) +
        paragraphs("Pricing is usage-based: there are no monthly fees and no set-up fees; you pay per transaction."),
    },
    {
      path: "/developers",
      title: "Developers",
      description: "APIs, SDKs and status.",
      body: paragraphs(
        "Our REST API, webhooks and SDKs for Node.js, Python, Java and Go are documented in the API reference.",
        "Check live API availability on our status page at http://status.brightleaf-payments.test.",
      ),
    },
    {
      path: "/security",
      title: "Security",
      description: "PCI DSS Level 1, SOC 2 Type II and ISO 27001.",
      body: paragraphs(
        "Brightleaf Payments is a PCI DSS Level 1 service provider, the highest level of certification in the payments industry.",
        "We hold a SOC 2 Type II report and an ISO 27001 certificate, both renewed every year.",
        "Card data is stored in Google Cloud and Amazon Web Services regions inside the European Union.",
      ),
    },
    {
      path: "/careers",
      title: "Careers",
      description: "Open roles at Brightleaf.",
      jsonLd: [
        jobPostingJsonLd({
          title: "Backend Engineer, Ledger",
          organization,
          url,
          datePosted: "2025-02-11",
          city: "Lisbon",
          country: "PT",
          description: "Build the double-entry ledger behind every Brightleaf payment.",
        }),
      ],
      body:
        paragraphs("We are hiring engineers in Lisbon and Berlin, and compliance specialists in London.") +
        list(
          "Backend Engineer, Ledger (Lisbon)",
          "Site Reliability Engineer (Berlin)",
          "Financial Crime Analyst (London)",
        ),
    },
    { path: "/news", title: "Press", description: "Brightleaf press releases.", body: newsList(news) },
    {
      path: "/news/series-c",
      title: "Brightleaf Payments raises $120 million Series C",
      description: "New funding for expansion in Europe.",
      publishedAt: "2024-02-20",
      body: paragraphs(
        "LONDON, 20 February 2024 — Brightleaf Payments has raised $120 million in a Series C round led by Harbour Street Capital.",
      ),
    },
    {
      path: "/news/oliver-grant-cfo",
      title: "Oliver Grant joins Brightleaf Payments as Chief Financial Officer",
      description: "A new CFO for Brightleaf.",
      publishedAt: "2022-09-06",
      body: paragraphs(
        "LONDON, 6 September 2022 — Brightleaf Payments announced that Oliver Grant joined the company as Chief Financial Officer on 5 September 2022.",
        "Grant was previously finance director at a European card issuer.",
      ),
    },
    {
      path: "/privacy",
      title: "Privacy notice",
      description: "How Brightleaf handles personal data.",
      body: privacyBody(organization, "privacy@brightleaf-payments.test"),
    },
    {
      path: "/terms",
      title: "Terms",
      description: "Terms of service.",
      body: paragraphs("These terms apply to merchants and platforms using Brightleaf Payments."),
    },
  ],
};

/** Brightleaf's status page, on its own host as such pages usually are. */
export const brightleafStatus: SiteDefinition = {
  host: "status.brightleaf-payments.test",
  brand: "Brightleaf Payments Status",
  legalLine: "Brightleaf Payments Ltd",
  accent: "#16a34a",
  navigation: [
    { label: "Status", href: "/" },
    { label: "Brightleaf Payments", href: url },
  ],
  legalLinks: [{ label: "Privacy policy", href: `${url}/privacy` }],
  pages: [
    {
      path: "/",
      title: "System status",
      description: "Live status of the Brightleaf Payments API.",
      body:
        paragraphs("All systems operational.", "API uptime over the last 90 days: 99.99%.") +
        list("Payments API: operational", "Payouts: operational", "Dashboard: operational"),
    },
  ],
};
