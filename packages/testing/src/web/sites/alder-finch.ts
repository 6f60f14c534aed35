import type { SiteDefinition } from "../site.js";
import {
  list,
  organizationJsonLd,
  paragraphs,
  personJsonLd,
  privacyBody,
  standardLegalLinks,
  teamGrid,
} from "./site-helpers.js";

const host = "alder-finch.test";
const url = `http://${host}`;
const organization = "Alder & Finch Architects";
const linkedinCompany = "https://www.linkedin.com/company/alder-finch-architects";

/** Alder & Finch Architects: a small architecture studio in Portland with 14 people. */
export const alderFinch: SiteDefinition = {
  host,
  brand: organization,
  legalLine: "Alder & Finch Architects LLC, 520 SW Yamhill Street, Portland, OR 97204",
  accent: "#57534e",
  navigation: [
    { label: "Projects", href: "/projects" },
    { label: "Studio", href: "/studio" },
    { label: "People", href: "/people" },
    { label: "Careers", href: "/careers" },
    { label: "Contact", href: "/contact" },
  ],
  legalLinks: standardLegalLinks,
  socialLinks: [
    { label: "LinkedIn", href: linkedinCompany },
    { label: "Instagram", href: "https://www.instagram.com/alderfinch" },
  ],
  pages: [
    {
      path: "/",
      title: "Architecture for schools, libraries and homes",
      description: "Alder & Finch is an architecture studio in Portland, Oregon.",
      jsonLd: [
        organizationJsonLd({
          name: organization,
          legalName: "Alder & Finch Architects LLC",
          url,
          foundingDate: "2009",
          employees: 14,
          city: "Portland",
          country: "US",
          linkedinUrl: linkedinCompany,
        }),
      ],
      body: paragraphs("Alder & Finch designs schools, libraries and timber homes across the Pacific Northwest."),
    },
    {
      path: "/studio",
      title: "The studio",
      description: "About Alder & Finch.",
      body: paragraphs(
        "Alder & Finch Architects was founded in 2009 by Maya Lindqvist in Portland, Oregon.",
        "The studio is a team of 14 architects and designers.",
        "Fees are agreed per project as a percentage of construction cost.",
      ),
    },
    {
      path: "/people",
      title: "People",
      description: "The architects of Alder & Finch.",
      jsonLd: [
        personJsonLd({
          name: "Maya Lindqvist",
          jobTitle: "Founding Principal",
          organization,
          url,
          city: "Portland",
          country: "US",
          linkedinUrl: "https://www.linkedin.com/in/maya-lindqvist",
        }),
      ],
      body: teamGrid([
        {
          name: "Maya Lindqvist",
          title: "Founding Principal",
          bio: ["Maya founded the studio in 2009 and leads every civic project."],
          linkedinUrl: "https://www.linkedin.com/in/maya-lindqvist",
        },
        {
          name: "Owen Castillo",
          title: "Associate Principal",
          bio: [
            "Owen joined Alder & Finch in 2015 and became Associate Principal in April 2021. He leads the studio's housing work from Portland.",
          ],
        },
      ]),
    },
    {
      path: "/projects",
      title: "Projects",
      description: "Selected work.",
      body: list(
        "Cedar Hills Elementary School, Beaverton (2022)",
        "Northeast Branch Library, Portland (2019)",
        "Mill Creek timber houses, Salem (2023)",
      ),
    },
    {
      path: "/careers",
      title: "Careers",
      description: "Jobs at Alder & Finch.",
      body: paragraphs("We are not hiring at the moment. We review portfolios twice a year."),
    },
    {
      path: "/contact",
      title: "Contact",
      description: "Visit or call the studio.",
      body: list("520 SW Yamhill Street, Portland, OR 97204", "Phone: +1 503 555 0131", "studio@alder-finch.test"),
    },
    {
      path: "/privacy",
      title: "Privacy",
      description: "Privacy.",
      body: privacyBody(organization, "studio@alder-finch.test"),
    },
    {
      path: "/terms",
      title: "Terms",
      description: "Terms.",
      body: paragraphs("Use of this website is subject to these terms."),
    },
  ],
};
