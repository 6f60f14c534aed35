import { describe, expect, it } from "vitest";
import { countryFromLocation } from "./country-from-location.js";

const cases: Array<[string | null | undefined, string | null, string | null]> = [
  // location, countryCode, city
  ["Berlin, Germany", "DE", "Berlin"],
  ["berlin, germany", "DE", "Berlin"],
  ["München, Deutschland", "DE", "Munich"],
  ["Greater Munich Metropolitan Area", "DE", "Munich"],
  ["Berlin Germany", "DE", "Berlin"],
  ["Berlin, DE", "DE", "Berlin"],
  ["Heidelberg, Baden-Württemberg, Germany", "DE", "Heidelberg"],
  ["Bavaria, Germany", "DE", null],
  ["Karlsruhe Area, Germany", "DE", "Karlsruhe"],
  ["Germany", "DE", null],
  ["DE", "DE", null],
  ["San Francisco, CA", "US", "San Francisco"],
  ["San Francisco CA", "US", "San Francisco"],
  ["San Francisco Bay Area", "US", "San Francisco"],
  ["Boulder, CO", "US", "Boulder"],
  ["Bogotá, CO", "CO", "Bogotá"],
  ["Dover, DE", "US", "Dover"],
  ["Paris, TX", "US", "Paris"],
  ["Atlanta, Georgia", "US", "Atlanta"],
  ["Tbilisi, Georgia", "GE", null],
  ["New York, NY", "US", "New York"],
  ["NYC", "US", "New York"],
  ["Washington, DC", "US", "Washington"],
  ["Austin, Texas, United States", "US", "Austin"],
  ["US", "US", null],
  ["USA", "US", null],
  ["U.S.", "US", null],
  ["United States of America", "US", null],
  ["California", "US", null],
  ["London, UK", "GB", "London"],
  ["London, England, United Kingdom", "GB", "London"],
  ["United Kingdom", "GB", null],
  ["England", "GB", null],
  ["London, ON", "CA", "London"],
  ["Toronto, Ontario, Canada", "CA", "Toronto"],
  ["CA", "CA", null],
  ["Paris", "FR", "Paris"],
  ["Paris, France", "FR", "Paris"],
  ["Zürich, Schweiz", "CH", "Zurich"],
  ["Wien", "AT", "Vienna"],
  ["Den Haag, Nederland", "NL", "The Hague"],
  ["The Netherlands", "NL", null],
  ["Sydney NSW", "AU", "Sydney"],
  ["Bengaluru, Karnataka, India", "IN", "Bangalore"],
  ["Mumbai, IN", "IN", "Mumbai"],
  ["Ho Chi Minh City, Vietnam", "VN", "Ho Chi Minh City"],
  ["Singapore", "SG", "Singapore"],
  ["Hong Kong", "HK", "Hong Kong"],
  ["Türkiye", "TR", null],
  ["Istanbul, Turkey", "TR", "Istanbul"],
  ["São Paulo, Brasil", "BR", "São Paulo"],
  ["Greater London", "GB", "London"],
  ["New York City Metropolitan Area", "US", "New York"],
  ["Washington", "US", null],
  ["Portland, Oregon", "US", "Portland"],
  ["Vancouver, BC", "CA", "Vancouver"],
  ["Vancouver, WA", "US", "Vancouver"],
  ["Indianapolis, IN", "US", "Indianapolis"],
  ["IN", "IN", null],
  ["Frankfurt am Main, Hessen, Deutschland", "DE", "Frankfurt"],
  ["Berlin (Germany)", "DE", "Berlin"],
  ["Dubai - UAE", "AE", "Dubai"],
  ["Seoul, South Korea", "KR", "Seoul"],
  ["RIO DE JANEIRO, RJ, BRAZIL", "BR", "Rio de Janeiro"],
  ["CURITIBA, PARANÁ, BRAZIL", "BR", "Curitiba"],
  ["Chennai, Tamil Nadu", "IN", "Chennai"],
  ["EMEA", null, null],
  ["Remote", null, null],
  ["Earth", null, null],
  ["unknown", null, null],
  ["", null, null],
  [null, null, null],
];

describe("countryFromLocation", () => {
  it.each(cases)("%j -> %s, %s", (location, countryCode, city) => {
    const parsed = countryFromLocation(location);
    expect({ countryCode: parsed.countryCode, city: parsed.city }).toEqual({ countryCode, city });
  });

  it("names the country in English", () => {
    expect(countryFromLocation("München, Deutschland")).toEqual({
      countryCode: "DE",
      country: "Germany",
      city: "Munich",
    });
    expect(countryFromLocation("San Francisco, CA").country).toBe("United States");
    expect(countryFromLocation("London, UK").country).toBe("United Kingdom");
  });
});
