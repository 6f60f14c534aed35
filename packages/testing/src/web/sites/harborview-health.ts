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

const host = "harborview-health.test";
const url = `http://${host}`;
const organization = "Harborview Health";
const linkedinCompany = "https://www.linkedin.com/company/harborview-health";

const faq: Array<[string, string]> = [
  [
    "Does Harborview Health integrate with Epic?",
    "Yes. Harborview Health integrates with Epic, Oracle Health (Cerner) and athenahealth through certified HL7 FHIR interfaces.",
  ],
  ["Is there a free plan?", "We do not offer a free plan; every plan starts with a 30-day free trial."],
  [
    "Where is patient data stored?",
    "Patient data is stored in the United States, on Google Cloud in the us-west1 region.",
  ],
];

/** Harborview Health: patient scheduling software, Seattle, about 620 people. */
export const harborviewHealth: SiteDefinition = {
  host,
  brand: organization,
  legalLine: "Harborview Health, Inc., 1201 Western Avenue, Seattle, WA 98101",
  accent: "#0369a1",
  navigation: [
    { label: "Solutions", href: "/" },
    { label: "Pricing", href: "/pricing" },
    { label: "Security", href: "/security" },
    { label: "FAQ", href: "/faq" },
    { label: "About", href: "/about" },
    { label: "Leadership", href: "/leadership" },
    { label: "Careers", href: "/careers" },
    { label: "Newsroom", href: "/news" },
  ],
  legalLinks: [...standardLegalLinks, { label: "Notice of privacy practices", href: "/privacy" }],
  socialLinks: [{ label: "LinkedIn", href: linkedinCompany }],
  cookieBanner: "This website uses cookies. By continuing to browse you agree to our use of cookies.",
  pages: [
    {
      path: "/",
      title: "Patient scheduling that fills every slot",
      description: "Harborview Health's scheduling platform for clinics and health systems.",
      jsonLd: [
        organizationJsonLd({
          name: organization,
          legalName: "Harborview Health, Inc.",
          url,
          foundingDate: "2012",
          employees: 620,
          city: "Seattle",
          country: "US",
          linkedinUrl: linkedinCompany,
        }),
      ],
      body: paragraphs(
        "Harborview Health's scheduling platform is used by more than 1,100 clinics across the United States.",
        "Patients book, reschedule and check in from their phones; front desks get a single calendar for every provider.",
      ),
    },
    {
      path: "/about",
      title: "About Harborview Health",
      description: "Founded in Seattle in 2012.",
      body: paragraphs(
        "Harborview Health was founded in 2012 in Seattle, Washington, by Robert Alvarez, a former hospital operations manager.",
        "Harborview Health employs about 620 people, most of them at our Seattle headquarters.",
        "We build healthcare software and nothing else: every feature is designed with clinicians.",
      ),
    },
    {
      path: "/leadership",
      title: "Leadership",
      description: "The executive team of Harborview Health.",
      jsonLd: [
        personJsonLd({
          name: "Robert Alvarez",
          jobTitle: "Chief Executive Officer",
          organization,
          url,
          city: "Seattle",
          country: "US",
        }),
        personJsonLd({
          name: "Sarah Chen",
          jobTitle: "Chief Medical Officer",
          organization,
          url,
          city: "Seattle",
          country: "US",
          linkedinUrl: "https://www.linkedin.com/in/sarah-chen-md",
        }),
      ],
      body: teamGrid([
        {
          name: "Robert Alvarez",
          title: "Founder and Chief Executive Officer",
          bio: ["Robert founded Harborview Health in 2012 after a decade running hospital operations."],
        },
        {
          name: "Sarah Chen",
          title: "Chief Medical Officer",
          bio: [
            "Dr. Sarah Chen joined Harborview Health as Chief Medical Officer in February 2020 and works from our Seattle headquarters. She practiced internal medicine in Seattle for twelve years.",
          ],
          linkedinUrl: "https://www.linkedin.com/in/sarah-chen-md",
        },
        {
          name: "Priya Natarajan",
          title: "Chief Financial Officer",
          bio: ["Priya oversees finance, legal and investor relations."],
        },
      ]),
    },
    {
      path: "/pricing",
      title: "Pricing",
      description: "Per-provider plans for clinics of every size.",
      body:
        list(
          "Essentials: $89 per provider per month.",
          "Professional: $149 per provider per month.",
          "Health systems: custom contracts.",
        ) +
        paragraphs(
          "Pricing is per provider per month, so clinics pay only for the clinicians who take appointments.",
          "We do not offer a free plan; every plan starts with a 30-day free trial.",
        ),
    },
    {
      path: "/security",
      title: "Security and compliance",
      description: "HIPAA, SOC 2 Type II and HITRUST at Harborview Health.",
      body: paragraphs(
        "Harborview Health is SOC 2 Type II certified and HITRUST r2 certified.",
        "We sign a Business Associate Agreement with every customer, as HIPAA requires.",
        "Patient data is stored in the United States, on Google Cloud in the us-west1 region.",
      ),
    },
    {
      path: "/faq",
      title: "Frequently asked questions",
      description: "Answers about integrations, plans and data.",
      jsonLd: [faqJsonLd(faq)],
      body: faqHtml(faq),
    },
    {
      path: "/careers",
      title: "Careers",
      description: "Join Harborview Health.",
      jsonLd: [
        jobPostingJsonLd({
          title: "Senior Backend Engineer",
          organization,
          url,
          datePosted: "2025-01-28",
          city: "Seattle",
          country: "US",
          description: "Design the APIs that book millions of appointments each month.",
        }),
      ],
      body:
        paragraphs("We are hiring engineers, designers and clinical specialists.") +
        list(
          "Senior Backend Engineer, Seattle or remote in the US",
          "Product Designer, Seattle",
          "Clinical Implementation Specialist, remote",
        ),
    },
    {
      path: "/news",
      title: "Newsroom",
      description: "Harborview Health press releases.",
      body: newsList([
        { path: "/news/telehealth-rooms", title: "Harborview Health launches Telehealth Rooms", date: "2021-08-17" },
      ]),
    },
    {
      path: "/news/telehealth-rooms",
      title: "Harborview Health launches Telehealth Rooms",
      description: "Video visits inside the scheduling platform.",
      publishedAt: "2021-08-17",
      body: paragraphs(
        "SEATTLE, August 17, 2021 — Harborview Health today launched Telehealth Rooms, which lets patients join a video visit from their appointment reminder.",
        '"Video visits should be as easy to book as an office visit," said Dr. Sarah Chen, Chief Medical Officer of Harborview Health.',
      ),
    },
    {
      path: "/privacy",
      title: "Privacy policy",
      description: "How Harborview Health handles personal data.",
      body: privacyBody(organization, "privacy@harborview-health.test"),
    },
    {
      path: "/terms",
      title: "Terms of service",
      description: "Terms of use.",
      body: paragraphs("These terms govern your use of the Harborview Health platform."),
    },
  ],
};
