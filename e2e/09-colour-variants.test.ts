import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { ADMIN_API_VERSION } from "~/shopify/api-version";
import { DEMO_TEE_COLOURS } from "../sandbox/demo-store";
import { simulatorLedger } from "./support/services";
import { describeFindings, StaffBrowser } from "./support/staff-browser";
import type { SandboxInfo } from "./support/sandbox-info";

const TITLE = "Cotton crew tee";
/** The alt text a render is imported with: the product and its colour, worn by a model. */
const isModelShotAlt = (alt: string | null | undefined) =>
  Boolean(alt?.startsWith(TITLE) && alt.endsWith("worn by a model"));

const variantsSchema = z.object({
  data: z.object({
    product: z.object({
      variants: z.object({
        nodes: z.array(
          z.object({
            id: z.string(),
            selectedOptions: z.array(z.object({ name: z.string(), value: z.string() })),
            media: z.object({
              nodes: z.array(
                z.object({
                  id: z.string(),
                  alt: z.string().nullable(),
                  image: z.object({ url: z.string() }).nullable(),
                }),
              ),
            }),
          }),
        ),
      }),
    }),
  }),
});

/** The product's variants with the media each shows, read from the sandbox's fake Admin API as Shopify answers. */
async function variantImages(sandbox: SandboxInfo, productId: string) {
  const controls = await fetch(`${sandbox.fakeAdminUrl}/__fake-admin/controls`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ action: "issueAccessToken", shop: sandbox.shop }),
  });
  const { accessToken } = z.object({ accessToken: z.string() }).parse(await controls.json());
  const response = await fetch(
    `${sandbox.fakeAdminUrl}/shops/${sandbox.shop}/admin/api/${ADMIN_API_VERSION}/graphql.json`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": accessToken },
      body: JSON.stringify({
        query: `query VariantImages($id: ID!) {
        product(id: $id) {
          variants(first: 20) {
            nodes { id selectedOptions { name value } media(first: 1) { nodes { id alt ... on MediaImage { image { url } } } } }
          }
        }
      }`,
        variables: { id: productId },
      }),
    },
  );
  const body: unknown = await response.json();
  const answer = variantsSchema.safeParse(body);
  if (!answer.success) throw new Error(`The fake Admin API answered ${JSON.stringify(body).slice(0, 300)}`);
  return answer.data.data.product.variants.nodes.map((variant) => ({
    id: variant.id,
    colour: variant.selectedOptions.find((option) => option.name === "Color")?.value ?? "",
    media: variant.media.nodes[0] ?? null,
  }));
}

const rgbOf = (hex: string) =>
  [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];

/**
 * Which demo colour covers most of an image's middle, where the simulator dresses its figure in the photo's garment
 * (the bottom edge holds its red SIMULATED banner, left out).
 */
async function dominantDemoColour(url: string): Promise<string> {
  const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
  const [width, height] = [96, 128];
  const { data } = await sharp(bytes)
    .resize(width, height, { fit: "fill" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const counts = new Map<string, number>(DEMO_TEE_COLOURS.map((colour) => [colour.name, 0]));
  const targets = DEMO_TEE_COLOURS.map((colour) => ({ name: colour.name, rgb: rgbOf(colour.color) }));
  for (let y = Math.round(height * 0.2); y < Math.round(height * 0.7); y++) {
    for (let x = Math.round(width * 0.25); x < Math.round(width * 0.75); x++) {
      const at = (y * width + x) * 3;
      const pixel = [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
      for (const target of targets) {
        const distance = Math.hypot(...target.rgb.map((value, channel) => value - (pixel[channel] ?? 0)));
        if (distance < 60) counts.set(target.name, (counts.get(target.name) ?? 0) + 1);
      }
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
}

describe("one shot per colour", () => {
  let staff: StaffBrowser;
  const product = () => staff.sandbox.demo.products.crewTee ?? "";

  beforeAll(async () => {
    staff = await StaffBrowser.open();
  });
  afterAll(async () => {
    await staff?.close();
  });

  test("the product action offers one shot per colour and counts the colours in its cost", async () => {
    await staff.openProduct(product());
    const action = await staff.openAdminAction("Generate model shot");
    // The action says colour, as the app does (issue 28: one word per concept), whatever the option is called.
    const choice = action.getByText("One shot per colour (4 shots)");
    await choice.waitFor();
    await action.getByRole("button", { name: "Generate for 5 credits" }).waitFor();
    await choice.click();
    await action.getByRole("button", { name: "Generate for 20 credits" }).waitFor();
    await staff.screenshot("product-action-per-colour");
    expect(describeFindings(await staff.accessibilityProblems("product-action-per-colour"))).toBe("");
  });

  test("Generate makes one render per colour, each from that colour's photo, charged once each", async () => {
    const before = await simulatorLedger(staff.sandbox);
    await staff.openApp(`/app/generate?productId=${encodeURIComponent(product())}`);
    await staff.app.getByRole("heading", { name: TITLE, level: 1 }).waitFor();
    // Generate says colour too, whatever the option is called.
    await staff.app.getByRole("heading", { name: "Colours" }).waitFor();
    await staff.app.getByRole("checkbox", { name: "One shot per colour (4 shots)" }).check();
    await staff.app
      .getByText("One shot for each of Red, Navy, Green, Mustard, each from its own photo and added to its variants.")
      .waitFor();
    await staff.screenshot("generate-per-colour");
    expect(describeFindings(await staff.accessibilityProblems("generate-per-colour"))).toBe("");
    await staff.app.getByRole("button", { name: "Generate 4 shots for 20 credits" }).click();
    await staff.app.getByText("4 renders queued", { exact: true }).waitFor();

    await staff.app.getByRole("link", { name: "Open Review" }).click();
    await staff.app.getByRole("heading", { name: "Review", level: 1 }).waitFor();
    await staff.reloadUntil(
      "the four colours to be ready for review",
      async () => (await staff.app.getByRole("button", { name: `Open ${TITLE}` }).count()) === 4,
      120_000,
    );
    for (const colour of DEMO_TEE_COLOURS)
      await staff.app.getByText(`Color: ${colour.name}`, { exact: true }).waitFor();
    const after = await simulatorLedger(staff.sandbox);
    expect(after.charges.length - before.charges.length).toBe(4);
    expect(before.balance - after.balance).toBe(20);
  });

  test("approving them puts each colour's render on that colour's variants only", async () => {
    const breton = staff.sandbox.demo.products.bretonTee ?? "";
    const bretonBefore = await variantImages(staff.sandbox, breton);
    const shownBefore = new Map((await variantImages(staff.sandbox, product())).map((v) => [v.id, v.media?.id]));
    await staff.app.getByRole("button", { name: "Select all on this page" }).click();
    await staff.app.getByRole("button", { name: "Approve 4" }).click();
    // Each read takes from the shop's Admin API bucket, which the app's worker shares: every 2 s is enough.
    await expect
      .poll(
        async () =>
          (await variantImages(staff.sandbox, product())).every(
            (variant) => isModelShotAlt(variant.media?.alt) && variant.media?.id !== shownBefore.get(variant.id),
          ),
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(true);

    const variants = await variantImages(staff.sandbox, product());
    expect(variants).toHaveLength(12);
    const fileByColour = new Map<string, Set<string>>();
    for (const variant of variants)
      fileByColour.set(variant.colour, (fileByColour.get(variant.colour) ?? new Set()).add(variant.media?.id ?? ""));
    // One file per colour, shared by its three sizes, and a different file for each colour.
    expect([...fileByColour.values()].map((files) => files.size)).toEqual([1, 1, 1, 1]);
    expect(new Set([...fileByColour.values()].map((files) => [...files][0])).size).toBe(4);
    // And the file on a colour's variants shows that colour.
    for (const colour of DEMO_TEE_COLOURS) {
      const variant = variants.find((candidate) => candidate.colour === colour.name);
      expect(await dominantDemoColour(variant?.media?.image?.url ?? "")).toBe(colour.name);
    }
    // Another product's variants are untouched.
    expect(await variantImages(staff.sandbox, breton)).toEqual(bretonBefore);
  });

  test("History shows each render's colour beside the product title", async () => {
    await staff.openApp(`/app/history?productId=${encodeURIComponent(product())}`);
    for (const colour of DEMO_TEE_COLOURS)
      await staff.app.getByText(`Color: ${colour.name}`, { exact: true }).first().waitFor();
    await staff.screenshot("history-per-colour");
  });
});
