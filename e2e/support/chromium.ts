import { accessSync, constants } from "node:fs";
import { chromium, type Browser, type BrowserContext } from "playwright-core";

/**
 * Debian's Chromium, driven by playwright-core (`npx playwright install` cannot download browsers here).
 * CHROMIUM_PATH points elsewhere when it is installed in another place.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Headless Chromium says "HeadlessChrome" in its user agent, and the Shopify library turns requests from
 * bots away (HTTP 410) exactly as it would in production; the tests browse as the desktop Chrome staff use.
 */
export const DESKTOP_CHROME_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

export class ChromiumMissingError extends Error {
  constructor() {
    super(
      `The end-to-end tests need Chromium, and there is none at ${CHROMIUM_PATH}.\n` +
        "  Install Debian's package:  sudo apt-get update && sudo apt-get install -y chromium\n" +
        "  or point CHROMIUM_PATH at a Chromium or Chrome binary.",
    );
    this.name = "ChromiumMissingError";
  }
}

export function assertChromiumInstalled(): void {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new ChromiumMissingError();
  }
}

export async function launchChromium(): Promise<Browser> {
  assertChromiumInstalled();
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export async function newStaffContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 1400, height: 900 },
    userAgent: DESKTOP_CHROME_USER_AGENT,
    locale: "en-GB",
    timezoneId: "UTC",
  });
}
