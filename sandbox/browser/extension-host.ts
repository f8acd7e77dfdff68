/**
 * The host of one admin UI extension in the sandbox's admin: the page inside the action's dialog. It gives the
 * extension's own bundle what its target gives it in Shopify admin (the `shopify` global: the selected resources,
 * `close`, `toast.show`, `auth.idToken`, and a `fetch` that resolves relative URLs against the app and adds a
 * session token), and minimal stand-ins for the Polaris web components (`s-*`) the extensions render, with the
 * properties and events the extensions use. Loaded before the bundle; compiled one file at a time, types only
 * are imported.
 */
import type { ExtensionHostConfig, ExtensionDialogHost } from "../frame-protocol";

(() => {
  const config = (window as unknown as { __MODEL_SHOTS_EXTENSION__: ExtensionHostConfig }).__MODEL_SHOTS_EXTENSION__;
  // The admin page that opened this dialog: same origin, so it is called directly.
  const admin = (window.parent as unknown as { __modelShotsExtensionDialog?: ExtensionDialogHost })
    .__modelShotsExtensionDialog;

  // Kept before `fetch` is replaced: the token comes from the admin (this origin), not the app.
  const nativeFetch = window.fetch.bind(window);

  async function sessionToken(): Promise<string> {
    const response = await nativeFetch("/__sandbox/session-token", { method: "POST" });
    if (!response.ok) throw new Error(`The sandbox could not sign a session token (HTTP ${response.status})`);
    return ((await response.json()) as { token: string }).token;
  }

  // Shopify resolves an extension's relative fetch against the app's URL and adds a session token.
  const appFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const raw = input instanceof Request ? input.url : String(input);
    const url = new URL(raw, config.appOrigin);
    if (url.origin !== config.appOrigin) return nativeFetch(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set("Authorization", `Bearer ${await sessionToken()}`);
    return nativeFetch(url, { ...init, headers });
  };

  // Shopify's `shopify.i18n.translate`: the staff member's locale file, then the extension's default one; nested
  // keys, {{variables}}, and `count` choosing a plural form by the language's rules (and filling {{count}}).
  const intlLocale = config.locale === "en-XA" ? "en" : config.locale;
  type Tree = { [key: string]: string | Tree };
  const lookUp = (tree: Tree | null, key: string): string | Tree | undefined =>
    key
      .split(".")
      .reduce<string | Tree | undefined>(
        (node, part) => (typeof node === "object" ? node[part] : undefined),
        tree ?? undefined,
      );
  function translate(key: string, options: Record<string, unknown> = {}): string {
    const count = typeof options.count === "number" ? options.count : null;
    for (const tree of [config.translations.requested, config.translations.default]) {
      let value = lookUp(tree, key);
      if (typeof value === "object" && count !== null) {
        const form = new Intl.PluralRules(intlLocale).select(count);
        value = value[count === 0 && "0" in value ? "0" : count === 1 && "1" in value ? "1" : form] ?? value.other;
      }
      if (typeof value !== "string") continue;
      return value.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) =>
        name === "count" && count !== null
          ? new Intl.NumberFormat(intlLocale).format(count)
          : String(options[name] ?? ""),
      );
    }
    return key;
  }

  const shopify = {
    extension: { target: config.target },
    data: { selected: config.selected.map((id) => ({ id })) },
    close: () => admin?.close(),
    toast: {
      show: (message: string, options?: { isError?: boolean }) => admin?.toast(message, options?.isError ?? false),
    },
    auth: { idToken: sessionToken },
    i18n: { translate, formatNumber: (value: number) => new Intl.NumberFormat(intlLocale).format(value) },
  };
  Object.assign(window, { shopify, fetch: appFetch });

  // ----- stand-ins for the Polaris web components ---------------------------------------------------------------

  /** `app:path` opens the app's page in the admin; `shopify:admin/...` an admin page; anything else as it is. */
  function resolveHref(href: string): string {
    if (href.startsWith("app:")) return `${config.appBase}/${href.slice(4).replace(/^\//, "")}`;
    if (href.startsWith("shopify:admin/")) return `${config.adminBase}/${href.slice("shopify:admin/".length)}`;
    return href;
  }

  const FONT = "font: 14px/1.45 Inter, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #303030;";

  /** An element whose shadow tree is fixed HTML, updated from its attributes by `update`. */
  class StandIn extends HTMLElement {
    static html = "<slot></slot>";
    static observedAttributes: string[] = [];
    protected readonly root: ShadowRoot;
    constructor() {
      super();
      this.root = this.attachShadow({ mode: "open" });
      this.root.innerHTML = (this.constructor as typeof StandIn).html;
    }
    connectedCallback(): void {
      this.update();
    }
    attributeChangedCallback(): void {
      this.update();
    }
    protected update(): void {}
    protected inner<T extends Element>(selector: string): T {
      return this.root.querySelector(selector) as T;
    }
  }

  class AdminAction extends StandIn {
    static override observedAttributes = ["heading", "loading"];
    static override html = `<style>:host{display:block;${FONT}} h2{font-size:16px;margin:0 0 12px} .body{min-height:40px}
      .footer{display:flex;justify-content:flex-end;gap:8px;margin-top:16px;padding-top:12px;border-top:1px solid #e3e3e3}
      .loading{color:#616161}</style>
      <h2></h2><p class="loading" hidden>Loading…</p><div class="body"><slot></slot></div>
      <div class="footer"><slot name="secondary-actions"></slot><slot name="primary-action"></slot></div>`;
    protected override update(): void {
      this.inner("h2").textContent = this.getAttribute("heading") ?? "";
      this.inner<HTMLElement>(".loading").hidden = !this.hasAttribute("loading");
      this.setAttribute("aria-busy", String(this.hasAttribute("loading")));
    }
  }

  class Stack extends StandIn {
    static override observedAttributes = ["direction", "gap"];
    static override html = `<style>:host{display:flex;flex-direction:column;gap:12px} :host([direction="inline"]){flex-direction:row;align-items:center}
      :host([gap^="small"]){gap:6px}</style><slot></slot>`;
  }

  /** A plain box: the sizes, background and corner the extensions give it (their progress bar is two boxes). */
  class Box extends StandIn {
    static override observedAttributes = [
      "background",
      "blocksize",
      "inlinesize",
      "borderradius",
      "overflow",
      "accessibilitylabel",
    ];
    static override html = `<style>:host{display:block}</style><slot></slot>`;
    protected override update(): void {
      const backgrounds: Record<string, string> = { subdued: "#ebebeb", strong: "#303030", base: "#ffffff" };
      const attribute = (name: string) => this.getAttribute(name) ?? "";
      this.style.background = backgrounds[attribute("background")] ?? "";
      this.style.blockSize = attribute("blocksize");
      this.style.inlineSize = attribute("inlinesize");
      this.style.borderRadius = attribute("borderradius") ? "4px" : "";
      this.style.overflow = attribute("overflow");
      const label = attribute("accessibilitylabel");
      if (label) {
        this.setAttribute("role", "img");
        this.setAttribute("aria-label", label);
      }
    }
  }

  class Text extends StandIn {
    static override observedAttributes = ["type"];
    static override html = `<style>:host{display:inline} :host([type="strong"]){font-weight:600}</style><slot></slot>`;
  }

  class Paragraph extends StandIn {
    static override html = `<style>:host{display:block} p{margin:0}</style><p><slot></slot></p>`;
  }

  class Banner extends StandIn {
    static override observedAttributes = ["tone", "heading"];
    static override html = `<style>:host{display:block} div{padding:8px 12px;border-radius:8px;background:#f1f1f1}
      :host([tone="critical"]) div{background:#fee9e8} :host([tone="warning"]) div{background:#fff1e3}
      :host([tone="success"]) div{background:#e3f1df} strong{display:block}</style>
      <div><strong hidden></strong><slot></slot></div>`;
    protected override update(): void {
      const box = this.inner<HTMLElement>("div");
      box.setAttribute("role", this.getAttribute("tone") === "critical" ? "alert" : "status");
      const heading = this.inner<HTMLElement>("strong");
      heading.textContent = this.getAttribute("heading") ?? "";
      heading.hidden = !heading.textContent;
    }
  }

  class Thumbnail extends StandIn {
    static override observedAttributes = ["src", "alt"];
    static override html = `<style>img{width:40px;height:40px;object-fit:cover;border-radius:6px;border:1px solid #e3e3e3}</style><img>`;
    protected override update(): void {
      const image = this.inner<HTMLImageElement>("img");
      image.src = this.getAttribute("src") ?? "";
      image.alt = this.getAttribute("alt") ?? "";
    }
  }

  class Link extends StandIn {
    static override observedAttributes = ["href"];
    static override html = `<style>a{color:#005bd3}</style><a target="_top"><slot></slot></a>`;
    protected override update(): void {
      this.inner<HTMLAnchorElement>("a").href = resolveHref(this.getAttribute("href") ?? "");
    }
  }

  class Button extends StandIn {
    static override observedAttributes = ["disabled", "loading", "variant"];
    static override html = `<style>button{${FONT}padding:6px 12px;border-radius:8px;border:1px solid #c9c9c9;background:#fff;cursor:pointer}
      button.primary{background:#303030;color:#fff;border-color:#303030} button:disabled{opacity:.55;cursor:default}</style>
      <button type="button"><slot></slot></button>`;
    protected override update(): void {
      const button = this.inner<HTMLButtonElement>("button");
      const loading = this.hasAttribute("loading");
      button.disabled = loading || this.hasAttribute("disabled");
      button.setAttribute("aria-busy", String(loading));
      button.className = this.getAttribute("variant") === "primary" ? "primary" : "";
    }
  }

  const FIELD_CSS = `<style>:host{display:block} label{display:flex;flex-direction:column;gap:4px}
    input,select{${FONT}padding:6px 8px;border:1px solid #8a8a8a;border-radius:8px;max-width:100%} .error{color:#8e1f0b;margin:4px 0 0}
    .check{flex-direction:row;align-items:center;gap:8px}</style>`;

  /** A form field: its `value` is a property (the extensions read `event.currentTarget.value`), `change` on commit. */
  class Select extends StandIn {
    static override observedAttributes = ["label"];
    static override html = `${FIELD_CSS}<label><span></span><select></select></label><slot hidden></slot>`;
    private wanted = "";
    constructor() {
      super();
      const select = this.inner<HTMLSelectElement>("select");
      select.addEventListener("change", () => {
        this.wanted = select.value;
        this.dispatchEvent(new Event("change", { bubbles: true }));
      });
      new MutationObserver(() => this.update()).observe(this, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
      });
    }
    get value(): string {
      return this.wanted;
    }
    set value(value: string) {
      this.wanted = value;
      this.inner<HTMLSelectElement>("select").value = value;
    }
    protected override update(): void {
      this.inner("span").textContent = this.getAttribute("label") ?? "";
      const select = this.inner<HTMLSelectElement>("select");
      select.replaceChildren(
        ...[...this.querySelectorAll("s-option")].map((option) => {
          const native = document.createElement("option");
          native.value = option.getAttribute("value") ?? "";
          native.textContent = option.textContent;
          return native;
        }),
      );
      select.value = this.wanted;
    }
  }

  class Option extends StandIn {
    static override html = "";
  }

  class Checkbox extends StandIn {
    static override observedAttributes = ["label"];
    static override html = `${FIELD_CSS}<label class="check"><input type="checkbox"><span></span></label>`;
    constructor() {
      super();
      this.inner<HTMLInputElement>("input").addEventListener("change", () =>
        this.dispatchEvent(new Event("change", { bubbles: true })),
      );
    }
    get checked(): boolean {
      return this.inner<HTMLInputElement>("input").checked;
    }
    set checked(checked: boolean) {
      this.inner<HTMLInputElement>("input").checked = checked;
    }
    protected override update(): void {
      this.inner("span").textContent = this.getAttribute("label") ?? "";
    }
  }

  class NumberField extends StandIn {
    static override observedAttributes = ["label", "min", "error"];
    static override html = `${FIELD_CSS}<label><span></span><input type="number" inputmode="numeric"></label><p class="error" hidden></p>`;
    constructor() {
      super();
      const input = this.inner<HTMLInputElement>("input");
      for (const type of ["input", "change"])
        input.addEventListener(type, () => this.dispatchEvent(new Event(type, { bubbles: true })));
    }
    get value(): string {
      return this.inner<HTMLInputElement>("input").value;
    }
    set value(value: string) {
      this.inner<HTMLInputElement>("input").value = value;
    }
    protected override update(): void {
      this.inner("span").textContent = this.getAttribute("label") ?? "";
      const input = this.inner<HTMLInputElement>("input");
      input.min = this.getAttribute("min") ?? "";
      const error = this.inner<HTMLElement>(".error");
      error.textContent = this.getAttribute("error") ?? "";
      error.hidden = !error.textContent;
      input.setAttribute("aria-invalid", String(!error.hidden));
    }
  }

  class UnorderedList extends StandIn {
    static override html = `<style>:host{display:block;padding-left:20px}</style><slot></slot>`;
    override connectedCallback(): void {
      this.setAttribute("role", "list");
    }
  }

  class ListItem extends StandIn {
    static override html = `<style>:host{display:list-item}</style><slot></slot>`;
    override connectedCallback(): void {
      this.setAttribute("role", "listitem");
    }
  }

  const elements: Record<string, CustomElementConstructor> = {
    "s-admin-action": AdminAction,
    "s-stack": Stack,
    "s-box": Box,
    "s-text": Text,
    "s-paragraph": Paragraph,
    "s-banner": Banner,
    "s-thumbnail": Thumbnail,
    "s-link": Link,
    "s-button": Button,
    "s-select": Select,
    "s-option": Option,
    "s-checkbox": Checkbox,
    "s-number-field": NumberField,
    "s-unordered-list": UnorderedList,
    "s-list-item": ListItem,
  };
  for (const [name, element] of Object.entries(elements)) customElements.define(name, element);

  // An element the stand-ins do not cover shows up instead of vanishing, so an extension that starts using one
  // fails its browser test loudly.
  new MutationObserver(() => {
    for (const node of document.body?.querySelectorAll("*") ?? []) {
      const tag = node.tagName.toLowerCase();
      if (tag.startsWith("s-") && !(tag in elements)) admin?.unknownElement(tag);
    }
  }).observe(document.documentElement, { childList: true, subtree: true });

  // The dialog grows with the extension's content.
  new ResizeObserver(() => admin?.resize(document.documentElement.scrollHeight)).observe(document.documentElement);
})();
