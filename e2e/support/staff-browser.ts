import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Frame, FrameLocator, Locator, Page } from "playwright-core";
import { inject } from "vitest";
import { launchChromium, newStaffContext } from "./chromium";
import { knownIssueFor } from "./known-app-issues";
import type { SandboxInfo } from "./sandbox-info";

const RESULTS_DIR = fileURLToPath(new URL("../../test-results/", import.meta.url));
export const SCREENSHOTS_DIR = join(RESULTS_DIR, "screenshots");
const AXE_DIR = join(RESULTS_DIR, "axe");
/** One JSON line per known app issue met on a page, read by 99-known-issues.test.ts. */
export const KNOWN_SEEN_FILE = join(AXE_DIR, "known-app-issues-seen.jsonl");

const axeSource = readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  targets: string[];
}

/**
 * Page-structure rules that belong to the host of an admin extension, not to the extension: in Shopify's admin the
 * extension's components are drawn inside Shopify's own dialog, which has the landmark and the heading; the
 * sandbox's stand-in page only hosts the bundle, which renders into `document.body` as Shopify's extensions do.
 */
const EXTENSION_HOST_RULES = ["landmark-one-main", "page-has-heading-one", "region"];

/** Axe findings that fail a page: WCAG and best-practice rules of any impact (issue 28: axe finds nothing). */
export const BLOCKING_IMPACTS = ["minor", "moderate", "serious", "critical"];

/**
 * One member of staff in a real Chromium, looking at the sandbox's admin page: the app in its iframe, the
 * admin's own pages around it. Nothing is intercepted; the browser talks to the sandbox's servers.
 */
export class StaffBrowser {
  private constructor(
    readonly sandbox: SandboxInfo,
    private readonly browser: Browser,
    private readonly context: BrowserContext,
    readonly page: Page,
  ) {}

  static async open(): Promise<StaffBrowser> {
    const sandbox = inject("sandbox");
    const browser = await launchChromium();
    const context = await newStaffContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    return new StaffBrowser(sandbox, browser, context, page);
  }

  async close(): Promise<void> {
    await this.context.close();
    await this.browser.close();
  }

  get storeName(): string {
    return this.sandbox.shop.replace(/\.myshopify\.com$/, "");
  }

  /** The embedded app, for locators. */
  get app(): FrameLocator {
    return this.page.frameLocator("#app-frame");
  }

  /** The embedded app's frame, for evaluating scripts in it. */
  async appFrame(): Promise<Frame> {
    const frame = await (await this.page.waitForSelector("#app-frame", { state: "attached" })).contentFrame();
    if (!frame) throw new Error("The admin page has no app frame");
    return frame;
  }

  /** Opens one of the app's pages inside the admin, as a link or a reload would, and waits until React has hydrated it. */
  async openApp(path = "/app"): Promise<void> {
    await this.page.goto(`${this.sandbox.adminAppUrl}${path}`);
    await this.waitForApp();
  }

  /** Waits until the app's page is interactive: Polaris' Page is on screen and React has taken it over. */
  async waitForApp(): Promise<void> {
    const frame = await this.appFrame();
    await frame.waitForFunction(
      () => {
        const page = document.querySelector(".Polaris-Page");
        return page !== null && Object.keys(page).some((key) => key.startsWith("__reactFiber$"));
      },
      undefined,
      { timeout: 60_000 },
    );
  }

  async openAdmin(path: string): Promise<void> {
    await this.page.goto(`${this.sandbox.adminOrigin}/store/${this.storeName}${path}`);
  }

  async openProduct(productId: string): Promise<void> {
    await this.openAdmin(`/products/${productId.split("/").pop()}`);
  }

  /**
   * Opens one of the app's admin extensions from the admin page's More actions menu (the product page, the
   * collection page, or the product list with products ticked) and returns its UI: the extension's own code,
   * running in the sandbox admin's dialog for it.
   */
  async openAdminAction(name: string): Promise<FrameLocator> {
    await this.page.getByRole("button", { name: "More actions" }).click();
    await this.page.getByRole("menuitem", { name, exact: true }).click();
    const dialog = this.page.getByRole("dialog", { name });
    await dialog.waitFor();
    return dialog.frameLocator("iframe.extension-frame");
  }

  /** A toast the app showed through App Bridge; Shopify admin (here: the sandbox's) displays it. */
  toast(text: string | RegExp): Locator {
    return this.page.locator("#toasts .toast", { hasText: text });
  }

  /**
   * Chooses resources in the resource picker the app opened through App Bridge (shown by the admin page):
   * searches for each title, ticks it, and confirms.
   */
  async pickInResourcePicker(titles: string[]): Promise<void> {
    const picker = this.page.locator("[data-picker]").getByRole("dialog");
    await picker.waitFor();
    for (const title of titles) {
      await picker.getByRole("searchbox").fill(title);
      // The item whose title is this one, not another that contains it (the Whole catalog has "Terracotta Oversized
      // hoodie" beside "Oversized hoodie").
      const startsWithTitle = new RegExp(`^\\s*${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
      const item = picker.getByRole("listitem").filter({ hasText: startsWithTitle });
      await item.getByRole("checkbox").or(item.getByRole("radio")).check();
    }
    await picker.getByRole("button", { name: /^(Select|Add)$/ }).click();
    await picker.waitFor({ state: "detached" });
  }

  /**
   * Changes fields of the Settings page (by their labels) that need no key check, and saves them through the
   * admin's save bar, as staff would.
   */
  async saveSettings(fields: Record<string, string>): Promise<void> {
    await this.openApp("/app/settings");
    for (const [label, value] of Object.entries(fields)) await this.app.getByLabel(label).fill(value);
    const saveBar = this.page.getByRole("region", { name: "Unsaved changes" });
    await saveBar.getByRole("button", { name: "Save" }).click();
    await this.toast("Settings saved.").waitFor();
    await saveBar.waitFor({ state: "detached" });
  }

  /** The app's navigation menu, as the admin's sidebar shows it. */
  navLink(label: string): Locator {
    return this.page.locator("#app-nav").getByRole("link", { name: label, exact: true });
  }

  /** Generate › Choose a product › (resource picker) › Generate for 5 credits, as staff do it. */
  async generateFor(title: string): Promise<void> {
    await this.navLink("Generate").click();
    await this.app.getByRole("button", { name: "Choose a product" }).click();
    await this.pickInResourcePicker([title]);
    await this.app.getByRole("heading", { name: title, level: 1 }).waitFor();
    await this.waitForApp();
    await this.app.getByRole("button", { name: "Generate for 5 credits" }).click();
    await this.app.getByText("Render queued", { exact: true }).waitFor();
  }

  /** From Generate's confirmation, opens Review and reloads it until the product's render shows up there. */
  async waitUntilInReview(title: string): Promise<void> {
    await this.app.getByRole("link", { name: "Open Review" }).click();
    await this.app.getByRole("heading", { name: "Review", level: 1 }).waitFor();
    await this.reloadUntil(
      `${title} to be ready for review`,
      async () => (await this.app.getByRole("button", { name: `Open ${title}` }).count()) === 1,
    );
  }

  /**
   * Reloads the admin page (and with it the app) until `check` holds: the app's pages do not poll on their
   * own (except a run's progress), so a person would reload too.
   */
  async reloadUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await check().catch(() => false)) return;
      if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
      await this.page.waitForTimeout(1_000);
      await this.page.reload();
      if (this.page.url().startsWith(this.sandbox.adminAppUrl)) await this.waitForApp();
    }
  }

  async screenshot(name: string): Promise<void> {
    await mkdir(SCREENSHOTS_DIR, { recursive: true });
    await this.page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}.png`) });
  }

  /**
   * Runs axe-core on the admin page and, when one is shown, on the app inside it. Every finding is saved to
   * test-results/axe/<name>.json; the serious and critical ones are returned, except the app's known issues
   * (known-app-issues.ts), which are recorded as seen.
   */
  async accessibilityProblems(name: string): Promise<AxeFinding[]> {
    const source = await axeSource;
    const frames: Array<{ label: string; frame: Frame; exclude: string[]; skipRules: string[] }> = [
      {
        label: "admin",
        frame: this.page.mainFrame(),
        exclude: ["#app-frame", "iframe.extension-frame"],
        skipRules: [],
      },
    ];
    if ((await this.page.locator("#app-frame").count()) > 0)
      frames.push({ label: "app", frame: await this.appFrame(), exclude: [], skipRules: [] });
    const extensionFrame = await (await this.page.$("iframe.extension-frame"))?.contentFrame();
    if (extensionFrame)
      frames.push({ label: "extension", frame: extensionFrame, exclude: [], skipRules: EXTENSION_HOST_RULES });
    const report: Record<string, AxeFinding[]> = {};
    for (const { label, frame, exclude, skipRules } of frames) {
      if (!(await frame.evaluate(() => "axe" in window))) await frame.addScriptTag({ content: source });
      report[label] = await frame.evaluate(
        async ({ excluded, skipped }: { excluded: string[]; skipped: string[] }) => {
          const axe = (
            window as unknown as {
              axe: {
                run(
                  context: unknown,
                  options: unknown,
                ): Promise<{
                  violations: Array<{
                    id: string;
                    impact: string | null;
                    help: string;
                    helpUrl: string;
                    nodes: Array<{ target: unknown[] }>;
                  }>;
                }>;
              };
            }
          ).axe;
          const result = await axe.run(
            { include: [["html"]], exclude: excluded.map((selector) => [selector]) },
            {
              iframes: false,
              resultTypes: ["violations"],
              rules: Object.fromEntries(skipped.map((rule) => [rule, { enabled: false }])),
            },
          );
          return result.violations.map((violation) => ({
            id: violation.id,
            impact: violation.impact,
            help: violation.help,
            helpUrl: violation.helpUrl,
            targets: violation.nodes.map((node) => node.target.map(String).join(" ")),
          }));
        },
        { excluded: exclude, skipped: skipRules },
      );
    }
    await mkdir(AXE_DIR, { recursive: true });
    await writeFile(join(AXE_DIR, `${name}.json`), JSON.stringify(report, null, 2));
    const blocking: AxeFinding[] = [];
    for (const [label, findings] of Object.entries(report)) {
      for (const finding of findings.filter((candidate) => BLOCKING_IMPACTS.includes(candidate.impact ?? ""))) {
        const known = label === "app" ? knownIssueFor(finding) : undefined;
        if (known)
          await appendFile(
            KNOWN_SEEN_FILE,
            `${JSON.stringify({ rule: known.rule, where: known.where, page: name })}\n`,
          );
        else blocking.push({ ...finding, id: `${label}: ${finding.id}` });
      }
    }
    return blocking;
  }
}

/** A readable summary of axe findings for an assertion message. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.id} (${finding.impact}): ${finding.help}\n    ${finding.targets.slice(0, 5).join("\n    ")}`,
    )
    .join("\n");
}
