/** One HTML page of a simulated site, rendered inside the site's layout. */
export interface SitePage {
  /** Absolute path on the host, e.g. `/about`; `/` for the home page. */
  path: string;
  /** Text of `<title>` and of the page's first heading unless `heading` is set. */
  title: string;
  /** Text of `<meta name="description">` and `og:description`. */
  description: string;
  /** HTML placed inside `<main>`: paragraphs, lists, tables, team grids. */
  body: string;
  /** schema.org objects, each rendered as one `application/ld+json` script in `<head>`. */
  jsonLd?: object[];
  /** ISO 8601 date the page was published (press releases, news); also `article:published_time`. */
  publishedAt?: string;
  /** Left out of `sitemap.xml` when true (pages robots.txt disallows); `search` still finds them, as real engines do. Default false. */
  hidden?: boolean;
  /** `og:type`; default `website`, `article` when `publishedAt` is set. */
  openGraphType?: string;
}

/** A file served as is (a PDF, an image). */
export interface SiteFile {
  /** Absolute path on the host. */
  path: string;
  /** Value of the Content-Type header. */
  contentType: string;
  /** The bytes served. */
  body: Buffer;
  /** Title shown by `search`; the file is searchable when `text` is set. */
  title?: string;
  /** The file's readable text, for `search`. */
  text?: string;
}

/** One link of a navigation menu or footer. */
export interface SiteLink {
  /** Visible label. */
  label: string;
  /** Path on the same host or an absolute URL. */
  href: string;
}

/** A whole simulated web site on one virtual host. */
export interface SiteDefinition {
  /** Host name the site answers to, always under `.test`. */
  host: string;
  /** Brand name shown in the header and `og:site_name`. */
  brand: string;
  /** Legal name and address line shown in the footer. */
  legalLine: string;
  /** `lang` attribute of `<html>`. Default `en`. */
  language?: string;
  /** Accent colour of the inline stylesheet, a CSS colour. */
  accent: string;
  /** Header menu. */
  navigation: SiteLink[];
  /** Footer legal links (privacy, terms, imprint ...). */
  legalLinks: SiteLink[];
  /** Social profile links shown in the footer (LinkedIn company page ...). */
  socialLinks?: SiteLink[];
  /** Text of the cookie banner; no banner when unset. */
  cookieBanner?: string;
  /** Paths robots.txt disallows for every user agent. */
  robotsDisallow?: string[];
  /** The HTML pages. */
  pages: SitePage[];
  /** Files other than HTML pages. */
  files?: SiteFile[];
}
