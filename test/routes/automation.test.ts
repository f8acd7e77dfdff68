import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { snapshotAllRows } from "../../harness/database";
import {
  DEFAULT_LOOK,
  getAs,
  jsonOf,
  postFormAs,
  respond,
  startMerchantApp,
  type MerchantApp,
  type RouteFunction,
} from "../support/merchant-app";

const SHOP = "automation-a.myshopify.com";
const OTHER = "automation-b.myshopify.com";
const BAG_CATEGORY = {
  id: "gid://shopify/TaxonomyCategory/lb-13",
  name: "Tote Bags",
  fullName: "Luggage & Bags > Tote Bags",
};

interface PageView {
  rules: Array<{
    id: string;
    name: string;
    enabled: boolean;
    match: { tags: string[]; vendors: string[] };
    lookName: string | null;
    resolution: string;
    candidates: number;
  }>;
  unreadableRules: Array<{ id: string; name: string }>;
  shopBudgetCredits: number | null;
  shopSpentThisMonth: number;
}
interface ActionBody {
  ok: boolean;
  savedRuleId?: string;
  fieldErrors?: Record<string, string>;
  formError?: string;
  preview?: {
    considered: number;
    matched: number;
    wouldRender: number;
    credits: number;
    overBudget: number;
    skipped: Array<{ title: string; reason: string }>;
  };
}

const RULE_FIELDS = {
  intent: "save",
  name: "New arrivals",
  collectionId: "",
  collectionTitle: "",
  categoryIds: "",
  productTypes: "",
  tags: "",
  vendors: "",
  lookId: "",
  resolution: "2K",
  candidates: "1",
  monthlyBudgetCredits: "",
};

describe("Automation page", () => {
  let app: MerchantApp;
  let loader: RouteFunction;
  let action: RouteFunction;
  let collectionId: string;

  beforeAll(async () => {
    app = await startMerchantApp({ simulator: true });
    ({ loader, action } = await import("~/routes/app.automation/route"));
    await app.installShop(SHOP);
    await app.installShop(OTHER);
    await app.saveServiceKey(SHOP, { defaults: DEFAULT_LOOK });
    const store = app.fake.store;
    const tees = [1, 2, 3].map(
      (n) => store.addProduct(SHOP, { title: `Cotton tee ${n}`, tags: ["drop"], images: [{ alt: "Front" }] }).id,
    );
    const bag = store.addProduct(SHOP, {
      title: "Canvas Tote",
      tags: ["drop"],
      category: BAG_CATEGORY,
      images: [{ alt: "Front" }],
    }).id;
    const old = store.addProduct(SHOP, { title: "Old tee", tags: ["drop"], images: [{ alt: "Front" }] });
    old.createdAt = new Date(Date.now() - 40 * 24 * 3600_000).toISOString();
    store.addProduct(SHOP, { title: "Linen shirt, untagged", images: [{ alt: "Front" }] });
    collectionId = store.addCollection(SHOP, { title: "Drop", productIds: [...tees.slice(0, 2), bag, old.id] }).id;
  });
  afterAll(async () => app?.close());
  beforeEach(async () => {
    await app.database.prisma.automationRule.deleteMany();
  });

  const post = async (shop: string, fields: Record<string, string>) => {
    const response = await respond(action, await postFormAs(shop, "/app/automation", fields));
    return { status: response.status, body: await jsonOf<ActionBody>(response) };
  };
  const view = async (shop: string) => jsonOf<PageView>(await respond(loader, await getAs(shop, "/app/automation")));

  it("saves a rule off by default, lists it with what it takes and its look, and switches it on and off", async () => {
    const saved = await post(SHOP, { ...RULE_FIELDS, tags: "drop, new", vendors: "Acme" });
    expect(saved).toMatchObject({ status: 200, body: { ok: true } });
    let page = await view(SHOP);
    // The answer names the rule saved (the page then clears its form for the next one).
    expect(saved.body).toMatchObject({ savedRuleId: page.rules[0]?.id });
    expect(page.rules).toEqual([
      expect.objectContaining({
        name: "New arrivals",
        enabled: false,
        match: expect.objectContaining({ tags: ["drop", "new"], vendors: ["Acme"] }),
        lookName: null,
        resolution: "2K",
        candidates: 1,
      }),
    ]);
    const ruleId = page.rules[0]?.id as string;
    expect(await post(SHOP, { intent: "toggle", ruleId, enabled: "on" })).toMatchObject({ status: 200 });
    page = await view(SHOP);
    expect(page.rules[0]?.enabled).toBe(true);
    // Another shop cannot switch it, nor see it.
    expect(await post(OTHER, { intent: "toggle", ruleId })).toMatchObject({ status: 400 });
    expect((await view(OTHER)).rules).toEqual([]);
    expect((await view(SHOP)).rules[0]?.enabled).toBe(true);
  });

  it("saves a rule switched on when its form's box is ticked", async () => {
    expect(await post(SHOP, { ...RULE_FIELDS, name: "Ticked", enabled: "on" })).toMatchObject({ status: 200 });
    expect((await view(SHOP)).rules.find((rule) => rule.name === "Ticked")).toMatchObject({ enabled: true });
  });

  it("deletes a rule: its automatic runs stay without it, and what it committed still counts against the shop's budget", async () => {
    await post(SHOP, { ...RULE_FIELDS, name: "To delete" });
    const ruleId = (await view(SHOP)).rules[0]?.id as string;
    const prisma = app.database.prisma;
    const run = await prisma.run.create({
      data: { shop: SHOP, scope: { kind: "products", productIds: [] }, options: {}, estimateCredits: 5, ruleId },
    });
    const month = new Date().toISOString().slice(0, 7);
    await prisma.automationSpend.create({ data: { shop: SHOP, ruleId, month, credits: 15, renders: 3 } });
    const spentBefore = (await view(SHOP)).shopSpentThisMonth;
    expect(spentBefore).toBeGreaterThanOrEqual(15);

    // Another shop cannot delete it; a request naming no rule is refused; neither changes anything.
    const before = await snapshotAllRows(prisma);
    expect(await post(OTHER, { intent: "delete", ruleId })).toMatchObject({
      status: 400,
      body: { formError: "automation:messages.notFound" },
    });
    expect(await post(SHOP, { intent: "delete" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { ruleId: expect.any(String) } },
    });
    expect(await snapshotAllRows(prisma)).toEqual(before);

    expect(await post(SHOP, { intent: "delete", ruleId })).toMatchObject({
      status: 200,
      body: { ok: true, message: "automation:messages.deleted" },
    });
    expect((await view(SHOP)).rules).toEqual([]);
    expect((await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).ruleId).toBeNull();
    expect((await view(SHOP)).shopSpentThisMonth).toBe(spentBefore);
    // Deleting it again: it no longer exists.
    expect(await post(SHOP, { intent: "delete", ruleId })).toMatchObject({
      status: 400,
      body: { formError: "automation:messages.notFound" },
    });
    await prisma.run.delete({ where: { id: run.id } });
    await prisma.automationSpend.deleteMany({ where: { ruleId } });
  });

  it("lists a rule stored in a form it cannot read apart, doing nothing, and lets staff delete it", async () => {
    const prisma = app.database.prisma;
    const unreadable = await prisma.automationRule.create({
      data: { shop: SHOP, name: "Written by hand", enabled: true, match: { collection: 42 }, options: {} },
    });
    const page = await view(SHOP);
    expect(page.rules).toEqual([]);
    expect(page.unreadableRules).toEqual([{ id: unreadable.id, name: "Written by hand" }]);
    expect((await view(OTHER)).unreadableRules).toEqual([]);
    expect(await post(SHOP, { intent: "delete", ruleId: unreadable.id })).toMatchObject({ status: 200 });
    expect((await view(SHOP)).unreadableRules).toEqual([]);
  });

  it("refuses a bad rule with each field's error and changes nothing", async () => {
    const before = await snapshotAllRows(app.database.prisma);
    const refused = await post(SHOP, {
      ...RULE_FIELDS,
      name: "",
      candidates: "9",
      monthlyBudgetCredits: "lots",
      collectionId: "x",
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fieldErrors ?? {}).sort()).toEqual(
      ["candidates", "collectionId", "monthlyBudgetCredits", "name"].sort(),
    );
    // A shop with neither defaults nor a look has no look to render with.
    expect((await post(OTHER, RULE_FIELDS)).body.fieldErrors?.lookId).toBe("automation:messages.noDefaults");
    expect(await snapshotAllRows(app.database.prisma)).toEqual(before);
  });

  it("says what a rule would have done over the last 30 days, from the catalog, spending and writing nothing", async () => {
    const before = await snapshotAllRows(app.database.prisma);
    const requestsBefore = app.simulator?.getSubmits().length ?? 0;
    const previewed = await post(SHOP, {
      ...RULE_FIELDS,
      // Tried out before it is named: a preview needs no name (a save does, above).
      name: "",
      intent: "preview",
      collectionId,
      collectionTitle: "Drop",
      tags: "drop",
      monthlyBudgetCredits: "5",
    });
    expect(previewed.status).toBe(200);
    // Five products were created in the window (the old tee 40 days ago is not); two tees and the bag are in the
    // collection with the tag; the budget holds one 5-credit render.
    expect(previewed.body.preview).toMatchObject({
      considered: 5,
      matched: 3,
      wouldRender: 1,
      credits: 5,
      overBudget: 1,
    });
    expect(previewed.body.preview?.skipped.map((entry) => [entry.title, entry.reason]).sort()).toEqual(
      [
        ["Canvas Tote", "not_clothing"],
        ["Cotton tee 1", "over_budget"],
      ].sort(),
    );
    expect(await snapshotAllRows(app.database.prisma)).toEqual(before);
    expect(app.simulator?.getSubmits().length ?? 0).toBe(requestsBefore);
  });
});
