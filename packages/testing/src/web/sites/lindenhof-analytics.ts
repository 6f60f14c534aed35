import type { SiteDefinition } from "../site.js";
import {
  jobPostingJsonLd,
  list,
  newsList,
  organizationJsonLd,
  paragraphs,
  personJsonLd,
  privacyBody,
  teamGrid,
} from "./site-helpers.js";

const host = "lindenhof-analytics.test";
const url = `http://${host}`;
const organization = "Lindenhof Analytics";
const linkedinCompany = "https://www.linkedin.com/company/lindenhof-analytics";

/** Lindenhof Analytics GmbH: business intelligence for the German Mittelstand, Berlin, 85 people. */
export const lindenhofAnalytics: SiteDefinition = {
  host,
  brand: organization,
  legalLine: "Lindenhof Analytics GmbH, Kastanienallee 12, 10435 Berlin",
  accent: "#4338ca",
  navigation: [
    { label: "Platform", href: "/" },
    { label: "Connectors", href: "/integrations" },
    { label: "Pricing", href: "/pricing" },
    { label: "Trust Center", href: "/trust" },
    { label: "About", href: "/about" },
    { label: "Team", href: "/team" },
    { label: "Jobs", href: "/jobs" },
    { label: "Contact", href: "/contact" },
  ],
  legalLinks: [
    { label: "Impressum", href: "/impressum" },
    { label: "Datenschutz", href: "/privacy" },
    { label: "AGB", href: "/terms" },
    { label: "Cookie-Einstellungen", href: "#cookie-consent" },
  ],
  socialLinks: [
    { label: "LinkedIn", href: linkedinCompany },
    { label: "XING", href: "https://www.xing.com/pages/lindenhof-analytics" },
  ],
  cookieBanner: "Wir verwenden Cookies, um unsere Website zu verbessern. We use cookies to improve our website.",
  robotsDisallow: ["/intern/"],
  pages: [
    {
      path: "/",
      title: "Dashboards for mid-sized manufacturers",
      description: "Lindenhof Analytics turns ERP and accounting data into dashboards for mid-sized manufacturers.",
      jsonLd: [
        organizationJsonLd({
          name: organization,
          legalName: "Lindenhof Analytics GmbH",
          url,
          foundingDate: "2014-03-01",
          employees: 85,
          city: "Berlin",
          country: "DE",
          linkedinUrl: linkedinCompany,
        }),
      ],
      body: paragraphs(
        "Lindenhof Analytics turns ERP and accounting data into dashboards for mid-sized manufacturers.",
        "More than 400 companies in Germany, Austria and Switzerland use Lindenhof to close their books faster and plan production with live numbers.",
      ),
    },
    {
      path: "/about",
      title: "About us",
      description: "Lindenhof Analytics GmbH, founded in Berlin in 2014.",
      body: paragraphs(
        "Lindenhof Analytics GmbH was founded in March 2014 in Berlin by Katrin Vogel and Jonas Albrecht.",
        "We are 85 people working from our headquarters in Berlin and an office in Munich.",
        "Lindenhof is a data analytics software company; we build and host the platform ourselves and do not resell third-party BI tools.",
      ),
    },
    {
      path: "/team",
      title: "Team",
      description: "The founders and leadership of Lindenhof Analytics.",
      jsonLd: [
        personJsonLd({
          name: "Katrin Vogel",
          jobTitle: "Managing Director (CEO)",
          organization,
          url,
          city: "Berlin",
          country: "DE",
          linkedinUrl: "https://www.linkedin.com/in/katrin-vogel",
        }),
        personJsonLd({
          name: "Jonas Albrecht",
          jobTitle: "Chief Technology Officer",
          organization,
          url,
          city: "Berlin",
          country: "DE",
        }),
      ],
      body: teamGrid([
        {
          name: "Katrin Vogel",
          title: "Managing Director (CEO) and Co-founder",
          bio: [
            "Katrin co-founded Lindenhof in 2014 and has led it as managing director ever since. She is based in Berlin.",
          ],
          linkedinUrl: "https://www.linkedin.com/in/katrin-vogel",
        },
        {
          name: "Jonas Albrecht",
          title: "Chief Technology Officer and Co-founder",
          bio: ["Jonas built the first Lindenhof connectors and now leads engineering in Berlin."],
        },
        {
          name: "Michael Hartmann",
          title: "Head of Sales",
          bio: [
            "Michael leads sales from the Munich office. He joined Lindenhof in October 2022 when the Munich office opened.",
          ],
        },
      ]),
    },
    {
      path: "/pricing",
      title: "Pricing",
      description: "Seat-based plans for Lindenhof Analytics.",
      body:
        list(
          "Starter: free for up to 3 users, with two connectors.",
          "Team: €39 per user per month, billed annually.",
          "Enterprise: custom pricing with single sign-on and a dedicated success manager.",
        ) + paragraphs("All plans are priced per user, so you only pay for the people who log in."),
    },
    {
      path: "/integrations",
      title: "Connectors",
      description: "Systems Lindenhof Analytics reads data from.",
      body: paragraphs(
        "Lindenhof ships connectors for SAP S/4HANA, DATEV, Microsoft Dynamics 365 Business Central and HubSpot.",
        "A Salesforce connector is on our roadmap for 2026.",
      ),
    },
    {
      path: "/trust",
      title: "Trust Center",
      description: "Security, certifications and data protection at Lindenhof Analytics.",
      body: paragraphs(
        "Lindenhof Analytics is certified to ISO/IEC 27001 by TÜV Rheinland; our first certificate was issued in 2021.",
        "We do not hold a SOC 2 report. Customers in the United States can request our ISO 27001 certificate and our latest penetration test summary instead.",
        "All customer data is stored in Germany, in the AWS Frankfurt region and at IONOS in Berlin.",
        "We process personal data in accordance with the GDPR and offer a data processing agreement under Article 28 GDPR.",
      ),
    },
    {
      path: "/jobs",
      title: "Jobs",
      description: "Work at Lindenhof Analytics in Berlin or Munich.",
      jsonLd: [
        jobPostingJsonLd({
          title: "Customer Success Manager (m/w/d)",
          organization,
          url,
          datePosted: "2025-02-03",
          city: "München",
          country: "DE",
          description: "Onboard new customers and help them build their first dashboards.",
        }),
      ],
      body:
        paragraphs("We currently have no open engineering roles.") +
        list("Customer Success Manager (m/w/d), Munich") +
        paragraphs("Unsolicited applications are welcome at jobs@lindenhof-analytics.test."),
    },
    {
      path: "/news/munich-office",
      title: "Lindenhof Analytics opens Munich office",
      description: "A second office for customers in southern Germany.",
      publishedAt: "2022-10-04",
      body: paragraphs(
        "BERLIN, 4 October 2022 — Lindenhof Analytics has opened an office in Munich to be closer to its customers in Bavaria and Austria. Michael Hartmann joins as Head of Sales.",
      ),
    },
    {
      path: "/news",
      title: "News",
      description: "News from Lindenhof Analytics.",
      body: newsList([
        { path: "/news/munich-office", title: "Lindenhof Analytics opens Munich office", date: "2022-10-04" },
      ]),
    },
    {
      path: "/contact",
      title: "Contact",
      description: "Get in touch with Lindenhof Analytics.",
      body: list(
        "E-mail: hello@lindenhof-analytics.test",
        "Phone: +49 30 5557 1200",
        "Berlin: Kastanienallee 12, 10435 Berlin",
        "Munich: Leopoldstraße 77, 80802 München",
      ),
    },
    {
      path: "/impressum",
      title: "Impressum",
      description: "Angaben gemäß § 5 DDG.",
      body: paragraphs(
        "Lindenhof Analytics GmbH, Kastanienallee 12, 10435 Berlin, Deutschland.",
        "Vertreten durch die Geschäftsführerin Katrin Vogel.",
        "Registergericht: Amtsgericht Charlottenburg, HRB 158392 B.",
        "Umsatzsteuer-Identifikationsnummer gemäß § 27a UStG: DE298765432.",
        "Kontakt: Telefon +49 30 5557 1200, E-Mail hello@lindenhof-analytics.test.",
      ),
    },
    {
      path: "/intern/roadmap",
      title: "Interne Roadmap",
      description: "Nur intern.",
      hidden: true,
      body: paragraphs("Intern: SOC 2 Type II report expected in 2023 for Lindenhof Analytics."),
    },
    {
      path: "/privacy",
      title: "Datenschutzerklärung",
      description: "Privacy policy of Lindenhof Analytics.",
      body: privacyBody("Lindenhof Analytics GmbH", "datenschutz@lindenhof-analytics.test"),
    },
    {
      path: "/terms",
      title: "AGB",
      description: "Allgemeine Geschäftsbedingungen.",
      body: paragraphs(
        "Es gelten die Allgemeinen Geschäftsbedingungen der Lindenhof Analytics GmbH in der jeweils aktuellen Fassung.",
      ),
    },
  ],
};
