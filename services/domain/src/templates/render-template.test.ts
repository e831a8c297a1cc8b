import { CANDIDATE_VARIABLES, PROJECT_VARIABLES, variablesIn } from "@hirestream/contracts/sequences/variables.ts";
import { describe, expect, it } from "vitest";
import { renderTemplate, templateVariables, unknownVariables } from "./render-template.ts";

describe("renderTemplate", () => {
  it("fills placeholders, with or without spaces inside the braces, in subject and body", () => {
    const rendered = renderTemplate(
      { subject: "{{first_name}}, a role at {{ company_name }}", body: "<p>Hi {{  first_name }}</p>" },
      { first_name: "Ada", company_name: "Acme" },
    );
    expect(rendered).toEqual({ subject: "Ada, a role at Acme", html: "<p>Hi Ada</p>", missing: [] });
  });

  it("escapes values in the body but keeps the subject plain text", () => {
    const rendered = renderTemplate(
      { subject: "For {{company_name}}", body: "<p>{{company_name}}</p>" },
      { company_name: `Smith & <b>"Sons"</b>` },
    );
    expect(rendered.subject).toBe(`For Smith & <b>"Sons"</b>`);
    expect(rendered.html).toBe("<p>Smith &amp; &lt;b&gt;&quot;Sons&quot;&lt;/b&gt;</p>");
  });

  it("never lets a value break the subject onto a second header line", () => {
    const rendered = renderTemplate({ subject: "Hi {{title}}", body: "" }, { title: "CTO\r\nBcc: spy@example.com" });
    expect(rendered.subject).toBe("Hi CTO Bcc: spy@example.com");
  });

  it("reports absent and blank variables as missing and renders absent ones empty", () => {
    const rendered = renderTemplate(
      { subject: "{{first_name}}", body: "<p>{{ last_name }} {{first_name}} {{referral}}</p>" },
      { first_name: "  ", referral: "Grace" },
    );
    expect(rendered.missing).toEqual(["first_name", "last_name"]);
    expect(rendered.html).toBe("<p>    Grace</p>");
  });

  it("leaves text that only looks like a placeholder alone", () => {
    const rendered = renderTemplate({ subject: "{{ not a name }} {first_name}", body: "{{}}" }, { first_name: "Ada" });
    expect(rendered).toEqual({ subject: "{{ not a name }} {first_name}", html: "{{}}", missing: [] });
  });
});

describe("template variables", () => {
  it("lists each variable once, subject first", () => {
    expect(
      templateVariables({ subject: "{{title}} {{first_name}}", body: "{{first_name}} {{ project_title }} {{title}}" }),
    ).toEqual(["title", "first_name", "project_title"]);
    expect(variablesIn("no placeholders")).toEqual([]);
  });

  it("names variables that are neither candidate, project nor custom ones", () => {
    const known = [...CANDIDATE_VARIABLES, ...PROJECT_VARIABLES, "referral"];
    expect(
      unknownVariables(
        { subject: "{{first_name}} {{frist_name}}", body: "{{referral}} {{workspace_title}} {{salary}}" },
        known,
      ),
    ).toEqual(["frist_name", "salary"]);
  });
});
