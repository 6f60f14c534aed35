import type { SiteDefinition, SiteLink, SitePage } from "./site.js";

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function renderLinks(links: SiteLink[], className: string): string {
  const items = links.map((link) => `<li><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></li>`);
  return `<ul class="${className}">${items.join("")}</ul>`;
}

function renderJsonLd(objects: object[]): string {
  // "</" inside JSON would end the script element early, as it would on a real site.
  return objects
    .map((object) => {
      const json = JSON.stringify({ "@context": "https://schema.org", ...object }, null, 2).replaceAll("</", "<\\/");
      return `<script type="application/ld+json">\n${json}\n</script>`;
    })
    .join("\n");
}

function renderCookieBanner(site: SiteDefinition): string {
  if (!site.cookieBanner) return "";
  return `<div id="cookie-consent" class="cookie-banner" role="dialog" aria-label="Cookie consent">
  <p>${escapeHtml(site.cookieBanner)} <a href="/privacy">Privacy policy</a></p>
  <button type="button" data-consent="reject">Reject all</button>
  <button type="button" data-consent="settings">Settings</button>
  <button type="button" data-consent="accept">Accept all</button>
</div>`;
}

function renderBreadcrumb(page: SitePage): string {
  if (page.path === "/") return "";
  return `<nav class="breadcrumb" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li aria-current="page">${escapeHtml(page.title)}</li></ol></nav>`;
}

// Press releases and articles carry share buttons and a newsletter box inside <main>, as real
// CMS templates do, so extractors meet boilerplate they must tell apart from the article.
function renderArticleExtras(site: SiteDefinition, page: SitePage): string {
  const url = encodeURIComponent(`http://${site.host}${page.path}`);
  return `<aside class="share" aria-label="Share">
  <span>Share this article</span>
  <a href="https://www.linkedin.com/sharing/share-offsite/?url=${url}">LinkedIn</a>
  <a href="https://x.com/intent/post?url=${url}">X</a>
  <a href="mailto:?subject=${encodeURIComponent(page.title)}&amp;body=${url}">E-mail</a>
</aside>
<aside class="newsletter">
  <h2>Get ${escapeHtml(site.brand)} news in your inbox</h2>
  <form action="/newsletter" method="post"><label for="newsletter-email">Work e-mail</label><input id="newsletter-email" type="email" name="email" required><button type="submit">Subscribe</button></form>
</aside>`;
}

/** Renders a page of a site as a complete HTML document, as a real CMS would serve it. */
export function renderPage(site: SiteDefinition, page: SitePage): string {
  const url = `http://${site.host}${page.path}`;
  const openGraphType = page.openGraphType ?? (page.publishedAt ? "article" : "website");
  const published = page.publishedAt
    ? `<meta property="article:published_time" content="${escapeHtml(page.publishedAt)}">\n`
    : "";
  const social = site.socialLinks?.length
    ? `<div class="social">${renderLinks(site.socialLinks, "social-links")}</div>`
    : "";
  const year = 2025;
  return `<!DOCTYPE html>
<html lang="${site.language ?? "en"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} | ${escapeHtml(site.brand)}</title>
<meta name="description" content="${escapeHtml(page.description)}">
<link rel="canonical" href="${url}">
<meta property="og:site_name" content="${escapeHtml(site.brand)}">
<meta property="og:title" content="${escapeHtml(page.title)}">
<meta property="og:description" content="${escapeHtml(page.description)}">
<meta property="og:type" content="${openGraphType}">
<meta property="og:url" content="${url}">
<meta property="og:image" content="http://${site.host}/assets/og-image.png">
<meta name="twitter:card" content="summary_large_image">
${published}<link rel="icon" href="/favicon.ico">
<link rel="stylesheet" href="/assets/site.css">
<style>
  :root { --accent: ${site.accent}; --text: #1d232b; }
  body { font-family: Inter, system-ui, sans-serif; color: var(--text); margin: 0; }
  .site-header { display: flex; justify-content: space-between; padding: 1rem 2rem; border-bottom: 1px solid #e5e7eb; }
  .cookie-banner { position: fixed; bottom: 0; inset-inline: 0; background: #111827; color: #f9fafb; padding: 1rem; }
  .team-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); gap: 1.5rem; }
  a { color: var(--accent); }
</style>
${renderJsonLd(page.jsonLd ?? [])}
<script>
  window.dataLayer = window.dataLayer || [];
  function gtag(){ dataLayer.push(arguments); }
  gtag("consent", "default", { analytics_storage: "denied" });
</script>
<script src="/assets/app.js" defer></script>
</head>
<body>
<a class="skip-link" href="#content">Skip to content</a>
<header class="site-header">
  <a class="logo" href="/"><img src="/assets/logo.svg" alt="${escapeHtml(site.brand)} logo" width="140" height="32"></a>
  <nav aria-label="Main">${renderLinks(site.navigation, "menu")}</nav>
  <button class="menu-toggle" aria-expanded="false" aria-controls="menu">Menu</button>
</header>
<main id="content">
${renderBreadcrumb(page)}
<h1>${escapeHtml(page.title)}</h1>
${page.body.trim()}
${page.publishedAt ? renderArticleExtras(site, page) : ""}
</main>
<footer class="site-footer">
  <nav aria-label="Footer">${renderLinks(site.navigation, "footer-menu")}</nav>
  ${social}
  <nav aria-label="Legal">${renderLinks(site.legalLinks, "legal-links")}</nav>
  <p class="copyright">&copy; ${year} ${escapeHtml(site.legalLine)}</p>
</footer>
${renderCookieBanner(site)}
<noscript><img src="/assets/pixel.gif?noscript=1" alt="" width="1" height="1"></noscript>
</body>
</html>
`;
}

/** Renders robots.txt for a site. */
export function renderRobots(site: SiteDefinition): string {
  const lines = ["User-agent: *"];
  for (const path of site.robotsDisallow ?? []) lines.push(`Disallow: ${path}`);
  if (!site.robotsDisallow?.length) lines.push("Allow: /");
  lines.push("", `Sitemap: http://${site.host}/sitemap.xml`, "");
  return lines.join("\n");
}

/** Renders sitemap.xml listing every page that is not hidden and every searchable file. */
export function renderSitemap(site: SiteDefinition): string {
  const entries = site.pages
    .filter((page) => !page.hidden)
    .map((page) => {
      const lastModified = page.publishedAt ? `<lastmod>${page.publishedAt.slice(0, 10)}</lastmod>` : "";
      return `  <url><loc>http://${site.host}${page.path}</loc>${lastModified}</url>`;
    });
  for (const file of site.files ?? []) entries.push(`  <url><loc>http://${site.host}${file.path}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.join("\n")}
</urlset>
`;
}
