import * as z from "zod";
import { optionalEmail, optionalPhone, optionalText, optionalWebAddress } from "./fields.js";
import { apiRegistry } from "./registry.js";

export const companySchema = z
  .strictObject({
    name: optionalText().describe("Company name."),
    website: optionalWebAddress().describe(
      "Company website, with or without scheme (https is assumed): `https://acme.com` or `acme.com`.",
    ),
    location: optionalText().describe("Company location as free text, e.g. `Berlin, Germany`."),
    numEmployees: z.number().int().nonnegative().nullish().describe("Head count: the number of employees."),
    annualRevenue: z.number().nonnegative().nullish().describe("Yearly revenue in US dollars."),
    linkedinUrl: optionalWebAddress().describe(
      "Company profile URL on a professional network, e.g. `https://www.linkedin.com/company/acme`.",
    ),
  })
  .register(apiRegistry, {
    id: "Company",
    description:
      "Known facts about a company. Every field is optional on its own; see the request for what identifies a company. " +
      "Control and format characters (NUL, zero-width, bidi controls) are removed from every text field first; a field left empty is not given.",
  });

export const personSchema = z
  .strictObject({
    company: companySchema.nullish().describe("The person's company."),
    email: optionalEmail.describe("E-mail address of the person."),
    firstName: optionalText().describe("Given name."),
    lastName: optionalText().describe("Family name."),
    phone: optionalPhone.describe("Telephone number, in international or national form."),
    title: optionalText().describe("Job title."),
    linkedinUrl: optionalWebAddress().describe(
      "Person profile URL on a professional network, e.g. `https://www.linkedin.com/in/jane-doe`.",
    ),
  })
  .register(apiRegistry, {
    id: "Person",
    description:
      "Known facts about a person. Every field is optional on its own; see the request for what identifies a person. " +
      "Control and format characters (NUL, zero-width, bidi controls) are removed from every text field first; a field left empty is not given.",
  });

export type Company = z.infer<typeof companySchema>;
export type Person = z.infer<typeof personSchema>;
