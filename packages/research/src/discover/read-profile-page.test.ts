import { describe, expect, it } from "vitest";
import { readProfilePage } from "./read-profile-page.js";

const page = (main: string, head = "") =>
  `<html><head><title>Kestrel Security B.V. company profile</title>${head}</head><body><nav><a href="https://ads.example/">Ad</a></nav><main>${main}</main><footer><a href="https://twitter.com/registry">Follow us</a></footer></body></html>`;

describe("readProfilePage", () => {
  it("finds the website by a link whose domain carries the name, and the LinkedIn profile", () => {
    const profile = readProfilePage(
      page(`<p>Penetration testing and incident response.</p><ul><li>Founded: 2015</li>
        <li>Website: <a href="https://kestrel-security.example/about" rel="nofollow">kestrel-security.example</a></li>
        <li><a href="https://www.linkedin.com/company/kestrel-security/">LinkedIn</a></li></ul>`),
      "https://registry.example/companies/kestrel-security",
      "Kestrel Security B.V.",
    );
    expect(profile).toMatchObject({
      website: "https://kestrel-security.example",
      linkedinUrl: "https://www.linkedin.com/company/kestrel-security/",
    });
    expect(profile.text).toMatch(/^Penetration testing and incident response\. Founded: 2015/);
  });

  it("takes a link labelled as the website, or the organisation's url in its schema.org data", () => {
    const labelled = readProfilePage(
      page(`<p><a href="https://hello.example/">Visit website</a> <a href="https://partner.example/">Partner</a></p>`),
      "https://registry.example/p/1",
      "Blue Fjord",
    );
    expect(labelled.website).toBe("https://hello.example");
    const structured = readProfilePage(
      page(
        "<p>Nothing linked.</p>",
        `<script type="application/ld+json">{"@type":"Organization","url":"https://bf.example/"}</script>`,
      ),
      "https://registry.example/p/1",
      "Blue Fjord",
    );
    expect(structured.website).toBe("https://bf.example");
  });

  it("takes nothing from other sites' links", () => {
    expect(
      readProfilePage(
        page(`<p><a href="https://partner.example/">Partner</a></p>`),
        "https://registry.example/p/1",
        "Blue Fjord",
      ).website,
    ).toBeUndefined();
  });
});
