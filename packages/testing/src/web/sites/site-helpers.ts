import { escapeHtml } from "../render-page.js";
import type { SiteLink } from "../site.js";

/** One entry of a team grid. */
export interface TeamMember {
  name: string;
  title: string;
  /** Paragraphs of the biography, plain text. */
  bio: string[];
  /** Absolute LinkedIn profile URL. */
  linkedinUrl?: string;
}

/** A team grid as company sites have it: portrait, name, role, short biography, profile link. */
export function teamGrid(members: TeamMember[]): string {
  const cards = members.map((member) => {
    const slug = member.name.toLowerCase().replace(/[^a-z]+/g, "-");
    const bio = member.bio.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n    ");
    const profile = member.linkedinUrl
      ? `\n    <a class="profile-link" href="${member.linkedinUrl}" aria-label="${escapeHtml(member.name)} on LinkedIn">LinkedIn</a>`
      : "";
    return `  <article class="team-member" id="${slug}">
    <img src="/assets/team/${slug}.jpg" alt="Portrait of ${escapeHtml(member.name)}" width="240" height="240" loading="lazy">
    <h3>${escapeHtml(member.name)}</h3>
    <p class="role">${escapeHtml(member.title)}</p>
    ${bio}${profile}
  </article>`;
  });
  return `<section class="team-grid">\n${cards.join("\n")}\n</section>`;
}

/** schema.org Person for a team member. */
export function personJsonLd(options: {
  name: string;
  jobTitle: string;
  organization: string;
  url: string;
  city: string;
  country: string;
  linkedinUrl?: string;
}): object {
  return {
    "@type": "Person",
    name: options.name,
    jobTitle: options.jobTitle,
    worksFor: { "@type": "Organization", name: options.organization, url: options.url },
    address: { "@type": "PostalAddress", addressLocality: options.city, addressCountry: options.country },
    ...(options.linkedinUrl ? { sameAs: [options.linkedinUrl] } : {}),
  };
}

/** schema.org Organization for a home page. */
export function organizationJsonLd(options: {
  name: string;
  legalName: string;
  url: string;
  foundingDate: string;
  employees: number;
  city: string;
  country: string;
  linkedinUrl: string;
}): object {
  return {
    "@type": "Organization",
    name: options.name,
    legalName: options.legalName,
    url: options.url,
    logo: `${options.url}/assets/logo.svg`,
    foundingDate: options.foundingDate,
    numberOfEmployees: { "@type": "QuantitativeValue", value: options.employees },
    address: { "@type": "PostalAddress", addressLocality: options.city, addressCountry: options.country },
    sameAs: [options.linkedinUrl],
  };
}

/** schema.org JobPosting. */
export function jobPostingJsonLd(options: {
  title: string;
  organization: string;
  url: string;
  datePosted: string;
  city: string;
  country: string;
  employmentType?: string;
  description: string;
}): object {
  return {
    "@type": "JobPosting",
    title: options.title,
    description: options.description,
    datePosted: options.datePosted,
    employmentType: options.employmentType ?? "FULL_TIME",
    hiringOrganization: { "@type": "Organization", name: options.organization, sameAs: options.url },
    jobLocation: {
      "@type": "Place",
      address: { "@type": "PostalAddress", addressLocality: options.city, addressCountry: options.country },
    },
  };
}

/** schema.org FAQPage from question and answer pairs. */
export function faqJsonLd(entries: Array<[question: string, answer: string]>): object {
  return {
    "@type": "FAQPage",
    mainEntity: entries.map(([question, answer]) => ({
      "@type": "Question",
      name: question,
      acceptedAnswer: { "@type": "Answer", text: answer },
    })),
  };
}

/** The FAQ as visible HTML, matching {@link faqJsonLd}. */
export function faqHtml(entries: Array<[question: string, answer: string]>): string {
  return entries
    .map(
      ([question, answer]) =>
        `<details open>\n  <summary>${escapeHtml(question)}</summary>\n  <p>${escapeHtml(answer)}</p>\n</details>`,
    )
    .join("\n");
}

/** Paragraphs from plain text. */
export function paragraphs(...texts: string[]): string {
  return texts.map((text) => `<p>${escapeHtml(text)}</p>`).join("\n");
}

/** A bulleted list from plain text. */
export function list(...items: string[]): string {
  return `<ul>\n${items.map((item) => `  <li>${escapeHtml(item)}</li>`).join("\n")}\n</ul>`;
}

/** A list of links to press releases, newest first. */
export function newsList(items: Array<{ path: string; title: string; date: string }>): string {
  const entries = items.map(
    (item) =>
      `  <li><time datetime="${item.date}">${item.date}</time> <a href="${item.path}">${escapeHtml(item.title)}</a></li>`,
  );
  return `<ul class="news-list">\n${entries.join("\n")}\n</ul>`;
}

/** Legal links most English-language sites carry. */
export const standardLegalLinks: SiteLink[] = [
  { label: "Privacy policy", href: "/privacy" },
  { label: "Terms of service", href: "/terms" },
  { label: "Cookie settings", href: "#cookie-consent" },
];

/** A generic privacy page body. */
export function privacyBody(company: string, email: string): string {
  return paragraphs(
    `This policy explains how ${company} collects and uses personal data when you visit this website or use our products.`,
    "We use strictly necessary cookies to run the site and, with your consent, analytics cookies to understand how it is used.",
    `You can exercise your rights of access, rectification and erasure at any time by writing to ${email}.`,
  );
}
