import { createPdfDocument, readPdfText } from "../pdf-document.js";
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

const host = "meridian-solar.test";
const url = `http://${host}`;
const organization = "Meridian Solar Systems";
const linkedinCompany = "https://www.linkedin.com/company/meridian-solar-systems";

const annualReport = createPdfDocument({
  title: "Meridian Solar Systems Annual Report 2023",
  author: "Meridian Solar Systems, Inc.",
  pages: [
    [
      "Meridian Solar Systems Annual Report 2023",
      "",
      "Letter from the CEO",
      "2023 was the strongest year in our history.",
      "Revenue for 2023 was $412 million, up 18 percent from 2022.",
      "We shipped 2.1 gigawatts of solar trackers to projects in 14 countries.",
      "Our Valencia factory completed its first full year of production and now supplies",
      "every European project from within the European Union.",
      "We also introduced the Meridian Horizon tracker, which needs 30 percent fewer piles",
      "per megawatt than its predecessor and can be installed on slopes of up to 15 percent.",
      "",
      "Markets",
      "North America accounted for 58 percent of revenue, Europe for 27 percent and",
      "Latin America for 15 percent.",
      "Our order backlog at year end stood at 3.4 gigawatts.",
      "",
      "Outlook",
      "For 2024 we expect revenue growth of between 10 and 15 percent, driven by utility-scale",
      "projects in the United States and Spain.",
      "We will open a service centre in Phoenix, Arizona, and hire about 150 people,",
      "most of them technicians and field engineers.",
      "I want to thank our customers for their trust and our employees for a year of hard work,",
      "delivered safely and on time across three continents.",
    ],
    [
      "Our people",
      "At year end we employed 1,850 people in Denver, Monterrey and Valencia.",
      "Safety: our lost-time incident rate fell to 0.4 per 200,000 hours worked.",
      "Every factory employee completed at least 24 hours of safety and skills training.",
      "",
      "Sustainability",
      "Our factories ran on 71 percent renewable electricity in 2023.",
      "Steel is the largest part of our footprint; 40 percent of the steel we bought was recycled.",
      "",
      "Governance",
      "Meridian Solar Systems is a privately held company with a board of seven directors,",
      "three of whom are independent.",
      "",
      "Gabriela Ruiz, Chief Executive Officer",
      "Denver, March 2024",
    ],
    [
      "Financial summary (in millions of US dollars)",
      "Revenue: 412 (2022: 349)",
      "Gross profit: 103 (2022: 80)",
      "Operating expenses: 61 (2022: 55)",
      "Capital expenditure: 38, mostly for the Valencia factory",
      "Cash at year end: 96",
      "",
      "Factories",
      "Denver, Colorado: tracker engineering, controls and inverter assembly.",
      "Monterrey, Mexico: steel forming and galvanising for North American projects.",
      "Valencia, Spain: tracker assembly for Europe, the Middle East and Africa.",
      "",
      "Selected projects delivered in 2023",
      "Red Mesa, New Mexico: 320 megawatts.",
      "Campo de Criptana, Spain: 180 megawatts.",
      "Laguna Seca, Chile: 240 megawatts.",
      "",
      "This report is unaudited except for the financial summary.",
    ],
  ],
});

/** Meridian Solar Systems: solar trackers and inverters, Denver, 1,850 people. */
export const meridianSolar: SiteDefinition = {
  host,
  brand: organization,
  legalLine: "Meridian Solar Systems, Inc., 1700 Lincoln Street, Denver, CO 80203",
  accent: "#ea580c",
  navigation: [
    { label: "Products", href: "/" },
    { label: "About", href: "/about" },
    { label: "Leadership", href: "/leadership" },
    { label: "Investors", href: "/investors" },
    { label: "Careers", href: "/careers" },
    { label: "News", href: "/news" },
    { label: "Contact", href: "/contact" },
  ],
  legalLinks: [...standardLegalLinks, { label: "Supplier code of conduct", href: "/terms" }],
  socialLinks: [{ label: "LinkedIn", href: linkedinCompany }],
  cookieBanner: "Our website uses cookies for analytics and marketing.",
  pages: [
    {
      path: "/",
      title: "Solar trackers built for utility scale",
      description: "Meridian Solar Systems designs and manufactures utility-scale solar trackers and inverters.",
      jsonLd: [
        organizationJsonLd({
          name: organization,
          legalName: "Meridian Solar Systems, Inc.",
          url,
          foundingDate: "2008",
          employees: 1850,
          city: "Denver",
          country: "US",
          linkedinUrl: linkedinCompany,
        }),
      ],
      body: paragraphs(
        "Meridian Solar Systems designs and manufactures utility-scale solar trackers and inverters.",
        "Our trackers follow the sun on more than 400 solar farms worldwide.",
      ),
    },
    {
      path: "/about",
      title: "About Meridian",
      description: "An energy company founded in Denver in 2008.",
      body: paragraphs(
        "Meridian Solar Systems was founded in 2008 in Denver, Colorado.",
        "Meridian employs 1,850 people in Denver, Monterrey and Valencia.",
        "Meridian is an energy company: we build the hardware that makes solar power cheaper.",
        "Projects are priced by custom quote, based on site size and terrain.",
      ),
    },
    {
      path: "/leadership",
      title: "Leadership",
      description: "The executive team.",
      jsonLd: [
        personJsonLd({
          name: "Gabriela Ruiz",
          jobTitle: "Chief Executive Officer",
          organization,
          url,
          city: "Denver",
          country: "US",
          linkedinUrl: "https://www.linkedin.com/in/gabriela-ruiz-energy",
        }),
        personJsonLd({
          name: "Henrik Lund",
          jobTitle: "Chief Operating Officer",
          organization,
          url,
          city: "Valencia",
          country: "ES",
        }),
      ],
      body: teamGrid([
        {
          name: "Gabriela Ruiz",
          title: "Chief Executive Officer",
          bio: ["Gabriela has led Meridian since January 2017 from its Denver headquarters."],
          linkedinUrl: "https://www.linkedin.com/in/gabriela-ruiz-energy",
        },
        {
          name: "Henrik Lund",
          title: "Chief Operating Officer",
          bio: [
            "Henrik joined Meridian as Chief Operating Officer in March 2020 and runs our factories from Valencia, Spain.",
          ],
        },
      ]),
    },
    {
      path: "/investors",
      title: "Investors",
      description: "Reports for investors and partners.",
      body:
        paragraphs("Meridian Solar Systems is a privately held company.") +
        `\n<p>Download the <a href="/investors/annual-report-2023.pdf">Annual Report 2023 (PDF)</a>.</p>`,
    },
    {
      path: "/careers",
      title: "Careers",
      description: "Build the energy transition with us.",
      jsonLd: [
        jobPostingJsonLd({
          title: "Power Electronics Engineer",
          organization,
          url,
          datePosted: "2025-01-15",
          city: "Denver",
          country: "US",
          description: "Design the next generation of string inverters.",
        }),
      ],
      body:
        paragraphs("We are hiring engineers and factory technicians in Denver, Monterrey and Valencia.") +
        list("Power Electronics Engineer, Denver", "Manufacturing Engineer, Monterrey", "Quality Technician, Valencia"),
    },
    {
      path: "/news",
      title: "News",
      description: "Meridian news.",
      body: newsList([
        { path: "/news/valencia-factory", title: "Meridian opens its Valencia factory", date: "2022-11-08" },
      ]),
    },
    {
      path: "/news/valencia-factory",
      title: "Meridian opens its Valencia factory",
      description: "A European factory for trackers.",
      publishedAt: "2022-11-08",
      body: paragraphs(
        "VALENCIA, November 8, 2022 — Meridian Solar Systems opened its first European factory in Valencia, Spain, where production started on November 7, 2022. COO Henrik Lund will run the plant.",
      ),
    },
    {
      path: "/contact",
      title: "Contact",
      description: "Contact Meridian.",
      body: list(
        "Sales: sales@meridian-solar.test",
        "Phone: +1 303 555 0175",
        "Headquarters: 1700 Lincoln Street, Denver, CO 80203",
      ),
    },
    {
      path: "/privacy",
      title: "Privacy policy",
      description: "Privacy.",
      body: privacyBody(organization, "privacy@meridian-solar.test"),
    },
    {
      path: "/terms",
      title: "Terms of use",
      description: "Terms.",
      body: paragraphs("These terms govern your use of this website."),
    },
  ],
  files: [
    {
      path: "/investors/annual-report-2023.pdf",
      contentType: "application/pdf",
      body: annualReport,
      title: "Meridian Solar Systems Annual Report 2023",
      text: readPdfText(annualReport),
    },
  ],
};
