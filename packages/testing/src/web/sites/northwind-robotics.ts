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

const host = "northwind-robotics.test";
const url = `http://${host}`;
const organization = "Northwind Robotics";
const linkedinCompany = "https://www.linkedin.com/company/northwind-robotics";

const whitepaper = createPdfDocument({
  title: "Northwind Robotics Security Whitepaper",
  author: "Northwind Robotics, Inc.",
  pages: [
    [
      "Northwind Robotics Security Whitepaper",
      "Version 3.2, March 2024",
      "",
      "1. Overview",
      "Northwind Fleet Cloud coordinates autonomous mobile robots in customer warehouses.",
      "It plans routes, assigns picking tasks and collects telemetry from every robot.",
      "This whitepaper describes how we protect the data that flows between robots,",
      "the Fleet Cloud and the warehouse management systems of our customers.",
      "",
      "2. Architecture",
      "Each robot runs a hardened Linux image with a read-only root file system.",
      "Robots connect to Fleet Cloud over mutually authenticated TLS 1.3 sessions.",
      "Robot certificates are issued by a private certificate authority and rotated every 30 days.",
      "The Fleet Cloud runs in isolated virtual networks, one per region.",
      "Customer workloads are separated by tenant identifiers checked on every request.",
      "",
      "3. Data protection",
      "Northwind encrypts all customer data at rest with AES-256.",
      "Encryption keys are held in a managed key service and rotated every year.",
      "Backups are taken every hour and kept for 35 days.",
      "Camera images used for navigation are processed on the robot and never uploaded.",
      "Telemetry is kept for 13 months and then deleted.",
    ],
    [
      "4. Access control",
      "Employees reach production systems only through single sign-on with hardware security keys.",
      "Access is granted per role, reviewed every quarter and removed within 24 hours of departure.",
      "All administrative actions are logged to a write-once audit store.",
      "",
      "5. Testing and resilience",
      "Penetration tests are performed twice a year by an independent firm.",
      "Findings rated high or critical are fixed within 30 days.",
      "Our recovery time objective is 4 hours and our recovery point objective is 1 hour.",
      "Disaster recovery is rehearsed every six months by failing over to a second region.",
      "",
      "6. Incident response",
      "A security engineer is on call at all times.",
      "Customers are notified of a security incident affecting their data within 72 hours.",
      "",
      "7. Certifications",
      "Northwind holds a SOC 2 Type II report and an ISO 27001 certificate.",
      "Reports are available to customers under a non-disclosure agreement.",
      "Contact security@northwind-robotics.test with any question about this document.",
    ],
    [
      "Appendix A. Control summary",
      "A.1 Asset inventory: every robot, server and laptop is registered with an owner.",
      "A.2 Vulnerability management: operating system images are rebuilt every week.",
      "A.3 Dependency scanning: every build is checked against public advisories.",
      "A.4 Secure development: every change is reviewed by a second engineer before release.",
      "A.5 Secrets: credentials live in a managed vault and never in source code.",
      "A.6 Logging: security logs are retained for one year and monitored around the clock.",
      "A.7 Endpoint protection: company laptops use full-disk encryption and managed updates.",
      "A.8 Vendor management: subprocessors are assessed before onboarding and every year after.",
      "A.9 Physical security: Fleet Cloud runs only in data centres of our cloud providers.",
      "A.10 Business continuity: robots keep working for up to 8 hours without Fleet Cloud.",
      "A.11 Training: every employee completes security awareness training each year.",
      "A.12 Privacy: personal data is processed only on documented customer instructions.",
      "",
      "Appendix B. Subprocessors",
      "Amazon Web Services (hosting), Microsoft Azure (hosting on request),",
      "a managed e-mail provider (notifications) and a ticketing provider (support).",
    ],
  ],
});

const news = [
  { path: "/news/pickmate-3-launch", title: "Northwind Robotics launches Pickmate 3", date: "2023-09-12" },
  { path: "/news/series-c", title: "Northwind Robotics raises $85 million Series C", date: "2023-03-14" },
  {
    path: "/news/marcus-oyelaran-cto",
    title: "Northwind Robotics names Marcus Oyelaran Chief Technology Officer",
    date: "2024-01-15",
  },
  { path: "/news/rotterdam-service-hub", title: "Northwind Robotics opens Rotterdam service hub", date: "2022-06-21" },
  {
    path: "/news/marcus-oyelaran-vp-engineering",
    title: "Northwind Robotics appoints Marcus Oyelaran as VP Engineering",
    date: "2021-04-12",
  },
].sort((left, right) => right.date.localeCompare(left.date));

const mediaContact = paragraphs(
  "Media contact: Julia Marsh, Head of Communications, julia.marsh@northwind-robotics.test, +1 617 555 0142.",
);

/** Northwind Robotics: warehouse robots, Boston, about 240 people. */
export const northwindRobotics: SiteDefinition = {
  host,
  brand: organization,
  legalLine: "Northwind Robotics, Inc., 200 Seaport Boulevard, Boston, MA 02210, USA",
  accent: "#0f766e",
  navigation: [
    { label: "Product", href: "/" },
    { label: "Pricing", href: "/pricing" },
    { label: "Integrations", href: "/integrations" },
    { label: "Security", href: "/security" },
    { label: "Company", href: "/about" },
    { label: "Team", href: "/team" },
    { label: "Careers", href: "/careers" },
    { label: "News", href: "/news" },
    { label: "Contact", href: "/contact" },
  ],
  legalLinks: standardLegalLinks,
  socialLinks: [
    { label: "LinkedIn", href: linkedinCompany },
    { label: "YouTube", href: "https://www.youtube.com/@northwindrobotics" },
  ],
  cookieBanner: "We use cookies to improve your experience and to measure how our site is used.",
  robotsDisallow: ["/internal/"],
  pages: [
    {
      path: "/",
      title: "Autonomous mobile robots for warehouses",
      description: "Northwind Robotics builds autonomous mobile robots that pick, sort and move goods in warehouses.",
      jsonLd: [
        organizationJsonLd({
          name: organization,
          legalName: "Northwind Robotics, Inc.",
          url,
          foundingDate: "2016",
          employees: 240,
          city: "Boston",
          country: "US",
          linkedinUrl: linkedinCompany,
        }),
      ],
      body: `${paragraphs(
        "Northwind Robotics builds autonomous mobile robots that pick, sort and move goods in warehouses.",
        "More than 180 customers run Northwind fleets across North America and Europe, from grocery distribution centres to spare-parts depots.",
        "Our Pickmate robots work next to people, learn a new site layout in a day and connect to the warehouse management system you already use.",
      )}\n<p><a class="button" href="/contact">Book a demo</a></p>`,
    },
    {
      path: "/about",
      title: "About Northwind Robotics",
      description: "Our story, our offices and the numbers behind Northwind Robotics.",
      body: paragraphs(
        "Northwind Robotics was founded in 2016 in Boston, Massachusetts by Dana Whitfield and Ian Porter, two engineers who had spent years automating parcel hubs.",
        "Today Northwind Robotics employs 240 people.",
        "We have two offices: our headquarters in Boston and a service hub in Rotterdam.",
        "Northwind is a robotics and automation company: we design the robots, write the fleet software and service every machine we deploy.",
      ),
    },
    {
      path: "/team",
      title: "Leadership team",
      description: "The people who lead Northwind Robotics.",
      jsonLd: [
        personJsonLd({
          name: "Dana Whitfield",
          jobTitle: "Chief Executive Officer",
          organization,
          url,
          city: "Boston",
          country: "US",
          linkedinUrl: "https://www.linkedin.com/in/dana-whitfield",
        }),
        personJsonLd({
          name: "Marcus Oyelaran",
          jobTitle: "Chief Technology Officer",
          organization,
          url,
          city: "Boston",
          country: "US",
          linkedinUrl: "https://www.linkedin.com/in/marcus-oyelaran",
        }),
      ],
      body: teamGrid([
        {
          name: "Dana Whitfield",
          title: "Chief Executive Officer and Co-founder",
          bio: ["Dana co-founded Northwind Robotics in 2016 and leads the company from Boston."],
          linkedinUrl: "https://www.linkedin.com/in/dana-whitfield",
        },
        {
          name: "Ian Porter",
          title: "Chief Operating Officer and Co-founder",
          bio: ["Ian runs manufacturing, deployment and field service."],
        },
        {
          name: "Marcus Oyelaran",
          title: "Chief Technology Officer",
          bio: ["Marcus leads robotics, fleet software and research from Boston."],
          linkedinUrl: "https://www.linkedin.com/in/marcus-oyelaran",
        },
        {
          name: "Sarah Chen",
          title: "Director of Product",
          bio: [
            "Sarah leads product management from our Boston office. She joined Northwind in March 2019 after eight years in logistics software.",
          ],
          linkedinUrl: "https://www.linkedin.com/in/sarah-chen-product",
        },
        {
          name: "Julia Marsh",
          title: "Head of Communications",
          bio: ["Julia runs press, analyst relations and customer stories from Boston."],
        },
      ]),
    },
    {
      path: "/careers",
      title: "Careers at Northwind Robotics",
      description: "Open roles at Northwind Robotics in Boston and Rotterdam.",
      jsonLd: [
        jobPostingJsonLd({
          title: "Senior Robotics Software Engineer",
          organization,
          url,
          datePosted: "2025-01-10",
          city: "Boston",
          country: "US",
          description: "Build navigation and fleet coordination software for Pickmate robots.",
        }),
        jobPostingJsonLd({
          title: "Field Service Engineer",
          organization,
          url,
          datePosted: "2025-01-22",
          city: "Rotterdam",
          country: "NL",
          description: "Install and maintain robot fleets at customer sites in the Benelux.",
        }),
      ],
      body:
        paragraphs(
          "We are hiring engineers in Boston and Rotterdam. Join a team that ships robots to real warehouses every week.",
        ) +
        "\n<h2>Open roles</h2>\n" +
        list(
          "Senior Robotics Software Engineer, Boston",
          "Field Service Engineer, Rotterdam",
          "Technical Account Manager, Boston",
        ) +
        paragraphs("Benefits include health insurance, a 401(k) match and 25 days of paid time off."),
    },
    {
      path: "/pricing",
      title: "Pricing",
      description: "Robots-as-a-Service pricing for Northwind fleets.",
      body:
        paragraphs("Northwind fleets are sold as a subscription. There is no up-front hardware purchase.") +
        list(
          "Robots-as-a-Service: $1,450 per robot per month, including maintenance and software updates.",
          "Fleet Cloud analytics: included with every robot.",
          "24/7 on-site support: $300 per robot per month.",
        ) +
        paragraphs("There is no free tier: every deployment starts with a paid 90-day pilot."),
    },
    {
      path: "/integrations",
      title: "Integrations",
      description: "Warehouse management systems Northwind connects to.",
      body: paragraphs(
        "Northwind connects to SAP EWM, Manhattan Active WM, Blue Yonder and Oracle NetSuite out of the box.",
        "Other systems connect through our REST API and webhooks.",
      ),
    },
    {
      path: "/security",
      title: "Security and compliance",
      description: "How Northwind Robotics protects customer data: SOC 2 Type II, ISO 27001, GDPR.",
      body: `${paragraphs(
        "Northwind Robotics is SOC 2 Type II compliant; our latest report covers October 2023 to September 2024.",
        "We have been certified to ISO 27001 since May 2022.",
        "As a processor for European customers we comply with the GDPR and sign a data processing agreement with every customer.",
        "The Northwind Fleet Cloud is hosted on Amazon Web Services and, for customers who require it, on Microsoft Azure.",
      )}\n<p>Read the <a href="/security/whitepaper.pdf">security whitepaper (PDF)</a>.</p>`,
    },
    {
      path: "/contact",
      title: "Contact us",
      description: "Talk to Northwind Robotics sales, support or press.",
      body:
        list(
          "Sales: sales@northwind-robotics.test",
          "Phone: +1 617 555 0100",
          "Address: 200 Seaport Boulevard, Boston, MA 02210",
        ) + mediaContact,
    },
    { path: "/news", title: "Newsroom", description: "Press releases from Northwind Robotics.", body: newsList(news) },
    {
      path: "/news/series-c",
      title: "Northwind Robotics raises $85 million Series C",
      description: "Funding to expand Pickmate production.",
      publishedAt: "2023-03-14",
      body:
        paragraphs(
          "BOSTON, March 14, 2023 — Northwind Robotics today announced an $85 million Series C round led by Granite Peak Ventures, bringing its total funding to $142 million.",
          "The company will use the funds to double Pickmate production and expand its service network in Europe.",
        ) + mediaContact,
    },
    {
      path: "/news/pickmate-3-launch",
      title: "Northwind Robotics launches Pickmate 3",
      description: "The third generation of the Pickmate robot.",
      publishedAt: "2023-09-12",
      body:
        paragraphs(
          "BOSTON, September 12, 2023 — Northwind Robotics today launched Pickmate 3, its third-generation picking robot, which carries up to 60 kilograms.",
        ) + mediaContact,
    },
    {
      path: "/news/rotterdam-service-hub",
      title: "Northwind Robotics opens Rotterdam service hub",
      description: "A European base for deployments and field service.",
      publishedAt: "2022-06-21",
      body:
        paragraphs(
          "ROTTERDAM, June 21, 2022 — Northwind Robotics opened its first European service hub in Rotterdam to support customers in the Benelux and Germany.",
        ) + mediaContact,
    },
    {
      path: "/news/marcus-oyelaran-vp-engineering",
      title: "Northwind Robotics appoints Marcus Oyelaran as VP Engineering",
      description: "A new engineering leader for Northwind.",
      publishedAt: "2021-04-12",
      body:
        paragraphs(
          "BOSTON, April 12, 2021 — Marcus Oyelaran joined Northwind Robotics as VP Engineering in April 2021.",
          "Oyelaran previously led autonomy software at a self-driving truck company.",
        ) + mediaContact,
    },
    {
      path: "/news/marcus-oyelaran-cto",
      title: "Northwind Robotics names Marcus Oyelaran Chief Technology Officer",
      description: "Marcus Oyelaran becomes CTO.",
      publishedAt: "2024-01-15",
      body:
        paragraphs(
          "BOSTON, January 15, 2024 — Northwind Robotics has promoted Marcus Oyelaran, its VP Engineering since 2021, to Chief Technology Officer, effective January 8, 2024.",
        ) + mediaContact,
    },
    {
      path: "/internal/pricing-draft",
      title: "Pricing draft (internal)",
      description: "Internal draft, not for publication.",
      hidden: true,
      body: paragraphs(
        "Draft: from 2025 Robots-as-a-Service will cost $990 per robot per month and a free tier will be offered.",
      ),
    },
    {
      path: "/privacy",
      title: "Privacy policy",
      description: "How Northwind Robotics handles personal data.",
      body: privacyBody(organization, "privacy@northwind-robotics.test"),
    },
    {
      path: "/terms",
      title: "Terms of service",
      description: "Terms for using Northwind services.",
      body: paragraphs("These terms govern your use of the Northwind Fleet Cloud and this website."),
    },
  ],
  files: [
    {
      path: "/security/whitepaper.pdf",
      contentType: "application/pdf",
      body: whitepaper,
      title: "Northwind Robotics Security Whitepaper",
      text: readPdfText(whitepaper),
    },
  ],
};
