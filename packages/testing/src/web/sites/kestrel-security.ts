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

const host = "kestrel-security.test";
const url = `http://${host}`;
const organization = "Kestrel Security";
const linkedinCompany = "https://www.linkedin.com/company/kestrel-security";

/** Kestrel Security: security consultancy, Amsterdam, 130 people. */
export const kestrelSecurity: SiteDefinition = {
  host,
  brand: organization,
  legalLine: "Kestrel Security B.V., Herengracht 420, 1017 BZ Amsterdam. KvK 61234567",
  accent: "#b91c1c",
  navigation: [
    { label: "Services", href: "/services" },
    { label: "Compliance", href: "/compliance" },
    { label: "About", href: "/about" },
    { label: "Team", href: "/team" },
    { label: "Careers", href: "/careers" },
    { label: "News", href: "/news" },
    { label: "Contact", href: "/contact" },
  ],
  legalLinks: [...standardLegalLinks, { label: "Responsible disclosure", href: "/terms" }],
  socialLinks: [{ label: "LinkedIn", href: linkedinCompany }],
  cookieBanner: "Kestrel uses functional cookies only. No tracking.",
  pages: [
    {
      path: "/",
      title: "Offensive security and incident response",
      description: "Kestrel Security tests, hardens and defends European companies.",
      jsonLd: [
        organizationJsonLd({
          name: organization,
          legalName: "Kestrel Security B.V.",
          url,
          foundingDate: "2015",
          employees: 130,
          city: "Amsterdam",
          country: "NL",
          linkedinUrl: linkedinCompany,
        }),
      ],
      body: paragraphs(
        "Kestrel Security tests, hardens and defends European companies against real attackers.",
        "Under attack? Call our 24/7 incident hotline.",
      ),
    },
    {
      path: "/about",
      title: "About Kestrel",
      description: "A cybersecurity company from Amsterdam.",
      body: paragraphs(
        "Kestrel Security was founded in 2015 in Amsterdam by Pieter de Vries.",
        "Our team of 130 security specialists works from Amsterdam and Antwerp.",
        "Kestrel is a cybersecurity company; we do not sell software licences.",
      ),
    },
    {
      path: "/services",
      title: "Services",
      description: "Penetration testing, red teaming, incident response and managed detection.",
      body:
        list("Penetration testing", "Red teaming", "Incident response", "Managed detection and response") +
        paragraphs(
          "Kestrel offers penetration testing, red teaming, incident response and managed detection and response.",
          "Penetration tests are priced per engagement, starting at €12,000 for a web application test.",
        ),
    },
    {
      path: "/compliance",
      title: "Compliance",
      description: "Our own certifications.",
      body: paragraphs(
        "Kestrel Security is ISO 27001 certified.",
        "We completed a SOC 2 Type I examination in June 2024. Our SOC 2 Type II observation period ends in March 2025, and we do not yet hold a Type II report.",
        "We help clients prepare for NIS2, DORA and ISO 27001 audits.",
      ),
    },
    {
      path: "/team",
      title: "Team",
      description: "The people who lead Kestrel.",
      jsonLd: [
        personJsonLd({
          name: "Pieter de Vries",
          jobTitle: "Chief Executive Officer",
          organization,
          url,
          city: "Amsterdam",
          country: "NL",
          linkedinUrl: "https://www.linkedin.com/in/pieter-de-vries-kestrel",
        }),
        personJsonLd({
          name: "Noor Haddad",
          jobTitle: "Head of Threat Intelligence",
          organization,
          url,
          city: "Amsterdam",
          country: "NL",
        }),
      ],
      body: teamGrid([
        {
          name: "Pieter de Vries",
          title: "Founder and Chief Executive Officer",
          bio: ["Pieter founded Kestrel in 2015 after ten years as a penetration tester."],
          linkedinUrl: "https://www.linkedin.com/in/pieter-de-vries-kestrel",
        },
        {
          name: "Noor Haddad",
          title: "Head of Threat Intelligence",
          bio: ["Noor joined Kestrel in January 2022 and leads threat intelligence from Amsterdam."],
        },
      ]),
    },
    {
      path: "/careers",
      title: "Careers",
      description: "Work at Kestrel.",
      jsonLd: [
        jobPostingJsonLd({
          title: "Detection Engineer",
          organization,
          url,
          datePosted: "2025-01-20",
          city: "Amsterdam",
          country: "NL",
          description: "Write and tune detection rules for our managed detection service.",
        }),
      ],
      body:
        paragraphs("We are hiring engineers for our managed detection team.") +
        list("Detection Engineer, Amsterdam", "Penetration Tester, Antwerp"),
    },
    {
      path: "/news",
      title: "News",
      description: "Kestrel news.",
      body: newsList([
        { path: "/news/nis2-practice", title: "Kestrel Security launches NIS2 readiness practice", date: "2023-10-02" },
      ]),
    },
    {
      path: "/news/nis2-practice",
      title: "Kestrel Security launches NIS2 readiness practice",
      description: "Helping companies prepare for NIS2.",
      publishedAt: "2023-10-02",
      body: paragraphs(
        "AMSTERDAM, 2 October 2023 — Kestrel Security launched a NIS2 readiness practice led by Noor Haddad, Head of Threat Intelligence.",
      ),
    },
    {
      path: "/contact",
      title: "Contact",
      description: "Reach Kestrel.",
      body: list(
        "24/7 incident hotline: +31 20 555 0199",
        "General: hello@kestrel-security.test",
        "Herengracht 420, 1017 BZ Amsterdam",
      ),
    },
    {
      path: "/privacy",
      title: "Privacy statement",
      description: "Privacy.",
      body: privacyBody(organization, "privacy@kestrel-security.test"),
    },
    {
      path: "/terms",
      title: "Terms",
      description: "Terms.",
      body: paragraphs("General terms and conditions of Kestrel Security B.V."),
    },
  ],
};
