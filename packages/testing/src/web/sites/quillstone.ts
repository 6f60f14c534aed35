import type { SiteDefinition } from "../site.js";
import {
  faqHtml,
  faqJsonLd,
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

const host = "quillstone.test";
const url = `http://${host}`;
const organization = "Quillstone";
const linkedinCompany = "https://www.linkedin.com/company/quillstone";

const pricingFaq: Array<[string, string]> = [
  ["Is there a free plan?", "Yes. The Free plan costs nothing for one project and up to 2 editors, forever."],
  ["Can I pay yearly?", "Yes. Yearly billing saves two months on the Team and Business plans."],
];

/** Quillstone: API documentation platform, Austin, remote-first, 55 people. */
export const quillstone: SiteDefinition = {
  host,
  brand: organization,
  legalLine: "Quillstone, Inc., 701 Brazos Street, Austin, TX 78701",
  accent: "#9333ea",
  navigation: [
    { label: "Product", href: "/" },
    { label: "Integrations", href: "/integrations" },
    { label: "Pricing", href: "/pricing" },
    { label: "Docs", href: "http://docs.quillstone.test/" },
    { label: "Security", href: "/security" },
    { label: "About", href: "/about" },
    { label: "Careers", href: "/careers" },
    { label: "Blog", href: "/blog" },
  ],
  legalLinks: standardLegalLinks,
  socialLinks: [
    { label: "LinkedIn", href: linkedinCompany },
    { label: "GitHub", href: "https://github.com/quillstone" },
    { label: "X", href: "https://x.com/quillstone" },
  ],
  cookieBanner: "We use a privacy-friendly analytics cookie. That's it.",
  robotsDisallow: ["/admin/"],
  pages: [
    {
      path: "/",
      title: "Beautiful API docs from your OpenAPI file",
      description: "Quillstone generates and hosts API documentation from OpenAPI files.",
      jsonLd: [
        organizationJsonLd({
          name: organization,
          legalName: "Quillstone, Inc.",
          url,
          foundingDate: "2020",
          employees: 55,
          city: "Austin",
          country: "US",
          linkedinUrl: linkedinCompany,
        }),
      ],
      body: paragraphs(
        "Quillstone generates and hosts API documentation from OpenAPI files, with try-it-now consoles and versioned changelogs.",
        "Read the documentation at http://docs.quillstone.test.",
        "Over 3,000 teams publish their API reference with Quillstone.",
      ),
    },
    {
      path: "/about",
      title: "About Quillstone",
      description: "A remote-first developer tools company.",
      body: paragraphs(
        "Quillstone was founded in 2020 in Austin, Texas, by Ethan Brooks and Mei Tanaka.",
        "We are a remote-first team of 55 people, with a small office in Berlin for our European engineers.",
        "Quillstone makes developer tools; our only product is the documentation platform.",
      ),
    },
    {
      path: "/team",
      title: "Team",
      description: "Some of the people behind Quillstone.",
      jsonLd: [
        personJsonLd({
          name: "Lena Fischer",
          jobTitle: "Engineering Manager",
          organization,
          url,
          city: "Berlin",
          country: "DE",
          linkedinUrl: "https://www.linkedin.com/in/lena-fischer-eng",
        }),
      ],
      body: teamGrid([
        {
          name: "Ethan Brooks",
          title: "CEO and Co-founder",
          bio: ["Ethan wrote the first Quillstone renderer over a long weekend in Austin."],
          linkedinUrl: "https://www.linkedin.com/in/ethan-brooks-quill",
        },
        {
          name: "Mei Tanaka",
          title: "CTO and Co-founder",
          bio: ["Mei leads architecture and the open-source parser."],
        },
        {
          name: "Lena Fischer",
          title: "Engineering Manager",
          bio: ["Lena joined Quillstone in August 2021 and leads the platform team from Berlin."],
          linkedinUrl: "https://www.linkedin.com/in/lena-fischer-eng",
        },
      ]),
    },
    {
      path: "/pricing",
      title: "Pricing",
      description: "Free, Team and Business plans.",
      jsonLd: [faqJsonLd(pricingFaq)],
      body:
        list(
          "Free: $0 for one project and up to 2 editors.",
          "Team: $29 per editor per month.",
          "Business: $79 per editor per month, with SSO and audit logs.",
        ) +
        paragraphs("Plans are billed per editor; readers of your docs are always free.") +
        faqHtml(pricingFaq),
    },
    {
      path: "/integrations",
      title: "Integrations",
      description: "Sync docs from your repositories and notify your team.",
      body: paragraphs(
        "Quillstone syncs OpenAPI files from GitHub, GitLab and Bitbucket and posts changelog updates to Slack.",
      ),
    },
    {
      path: "/security",
      title: "Security",
      description: "How Quillstone protects your specs.",
      body: paragraphs(
        "Quillstone completed its first SOC 2 Type II audit in November 2024.",
        "Docs are served from Cloudflare's network; the application runs on Google Cloud.",
      ),
    },
    {
      path: "/careers",
      title: "Careers",
      description: "Join a remote-first team.",
      jsonLd: [
        jobPostingJsonLd({
          title: "Senior Frontend Engineer",
          organization,
          url,
          datePosted: "2025-02-01",
          city: "Berlin",
          country: "DE",
          employmentType: "FULL_TIME",
          description: "Build the documentation renderer and editor.",
        }),
      ],
      body:
        paragraphs("We are hiring engineers who care about developer experience.") +
        list("Senior Frontend Engineer (remote, Europe)", "Developer Advocate (remote, US)"),
    },
    {
      path: "/blog",
      title: "Blog",
      description: "News from Quillstone.",
      body: newsList([
        { path: "/blog/seed-round", title: "Quillstone raises $6.5 million seed round", date: "2021-05-18" },
      ]),
    },
    {
      path: "/blog/seed-round",
      title: "Quillstone raises $6.5 million seed round",
      description: "Funding to grow the team.",
      publishedAt: "2021-05-18",
      body: paragraphs(
        "AUSTIN, May 18, 2021 — Quillstone has raised a $6.5 million seed round led by Lamplight Ventures to grow its engineering team.",
      ),
    },
    {
      path: "/admin/metrics",
      title: "Admin metrics",
      description: "Internal.",
      hidden: true,
      body: paragraphs("Internal: Quillstone has 14 employees and 90 paying customers."),
    },
    {
      path: "/privacy",
      title: "Privacy policy",
      description: "How Quillstone handles personal data.",
      body: privacyBody(organization, "privacy@quillstone.test"),
    },
    {
      path: "/terms",
      title: "Terms of service",
      description: "Terms.",
      body: paragraphs("These terms govern your use of Quillstone."),
    },
  ],
};

/** Quillstone's documentation, on its own host. */
export const quillstoneDocs: SiteDefinition = {
  host: "docs.quillstone.test",
  brand: "Quillstone Docs",
  legalLine: "Quillstone, Inc.",
  accent: "#9333ea",
  navigation: [
    { label: "Getting started", href: "/" },
    { label: "quillstone.test", href: url },
  ],
  legalLinks: [{ label: "Privacy policy", href: `${url}/privacy` }],
  pages: [
    {
      path: "/",
      title: "Getting started with Quillstone",
      description: "Publish your first API reference in five minutes.",
      body: paragraphs(
        "Connect a repository, point Quillstone at your OpenAPI file and publish. Your docs rebuild on every push to the default branch.",
      ),
    },
  ],
};
