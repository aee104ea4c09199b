// The README's Troubleshooting section quotes what users see; these checks tie each quote to the code that
// prints it, so a reworded message cannot leave the README describing an error nobody gets any more.
import * as fs from "node:fs";
import * as path from "node:path";
import { ConfigError, TokenFloodError } from "../../../src/client/errors";
import { normaliseBaseUrl } from "../../../src/client/validate";
import { AuthenticationFailedError } from "../../../src/provider/credentials-check";
import { parseMarkdown, type MarkdownSection } from "../../helpers/markdown";

const { NO_NODE_MESSAGE }: { NO_NODE_MESSAGE: string } = require("../../../scripts/bundle-provider.js");

const README = fs.readFileSync(path.join(__dirname, "..", "..", "..", "README.md"), "utf8");
const flat = (s: string) => s.replace(/\s+/g, " ");

function section(heading: string): MarkdownSection {
  const found = parseMarkdown(README).find((s) => s.heading === heading);
  if (!found) throw new Error(`README.md has no section "${heading}"`);
  return found;
}

describe("README troubleshooting", () => {
  const ts = section("Troubleshooting");
  const text = flat(ts.paragraphs.join(" "));

  test("the provider not installed: terraform's registry error and the install command", () => {
    expect(text).toContain("could not connect to registry.terraform.io");
    expect(text).toContain("npx --no-install appmgmt install-provider");
  });

  test("Node.js missing: the launcher's own words", () => {
    const firstWords = NO_NODE_MESSAGE.slice(0, NO_NODE_MESSAGE.indexOf(":"));
    expect(firstWords).toBe("Node.js >= 20.18 is missing");
    expect(text).toContain(`Unrecognized remote plugin message: ${firstWords}`);
  });

  test("base_url with the API path: the message the provider gives", () => {
    let message = "";
    try {
      normaliseBaseUrl("https://appmgmt.example.com/api/1");
    } catch (e) {
      message = (e as ConfigError).message;
    }
    const quoted = message.slice(0, message.indexOf(" (from api_version)"));
    expect(quoted).toBe('base_url ends in "/api/1", which the provider adds itself');
    expect(text).toContain(quoted);
    expect(text).toContain("could not reach https://appmgmt.example.com/api/1/organizations; check base_url");
  });

  test("a refused refresh token: the provider's heading and message at configure", () => {
    const err = new AuthenticationFailedError(new Error("HTTP 401"));
    expect(err.message).toMatch(/^authentication failed: the service refused the refresh token/);
    expect(text).toContain(
      "The appmgmt provider's credentials were refused … authentication failed: the service refused the refresh token",
    );
    const configure = fs.readFileSync(
      path.join(__dirname, "..", "..", "..", "src/provider/configure.ts"),
      "utf8",
    );
    expect(configure).toContain(`"The appmgmt provider's credentials were refused"`);
  });

  test("tainted after a timeout: the provider's words, the untaint command, for HCL and cdktf", () => {
    // The hint is a private constant of the resource's wait; its text is what users search for.
    const wait = fs.readFileSync(
      path.join(__dirname, "..", "..", "..", "src/provider/instance/wait.ts"),
      "utf8",
    );
    const quoted = "The wait was cut short, not the launch";
    expect(wait).toContain(quoted);
    expect(text).toContain(`the apply's error says "${quoted}"`);
    expect(ts.code.map((c) => c.content).join("")).toMatch(/^terraform untaint 'appmgmt_instance\.shop'/m);
    expect(text).toContain("cd cdktf.out/stacks/NAME && terraform untaint ADDRESS");
  });

  test("the flood block: the service's 403 as the client words it, and the fix", () => {
    const err = new TokenFloodError({ status: 403, errors: ["blocked"], method: "POST", path: "/x" });
    const first = "The service blocked the user after too many session token requests";
    expect(err.message).toContain(first);
    expect(text).toContain(`403 "${first}"`);
    expect(text).toContain("npx --no-install appmgmt session create");
    expect(text).toContain("APPMGMT_SESSION_TOKEN");
  });
});
