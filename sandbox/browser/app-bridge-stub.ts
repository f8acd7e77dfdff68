/**
 * The sandbox's stand-in for https://cdn.shopify.com/shopifycloud/app-bridge.js: the part of App Bridge the app
 * uses, so the app's code runs unchanged offline. The app proxy serves it in place of Shopify's script.
 *
 * - `shopify.idToken()` and a `fetch` wrapper adding `Authorization: Bearer <session token>` to same-origin
 *   requests (tokens come from the admin page, which asks the sandbox server to sign them), retrying once when
 *   the app answers X-Shopify-Retry-Invalid-Session-Request;
 * - the session-token bounce page (/auth/session-token?shopify-reload=…);
 * - `shopify.toast`, `shopify.resourcePicker`, `shopify.loading`: shown by the admin page;
 * - `<ui-nav-menu>` (shown in the admin's sidebar; its clicks come back as `shopify:navigate` events),
 *   `<ui-save-bar>` (shown in the admin's top bar), `<ui-modal>` with `<ui-title-bar>` (shown over the app);
 * - `shopify://admin/…` links and the app's location, kept in the admin page's address.
 * Anything else on `shopify` is reported in the console as not provided by the sandbox.
 *
 * A classic script (not a module): it must run before the app's modules, as Shopify's does. Compiled by
 * TypeScript one file at a time when served, so it imports types only.
 */
import type {
  AdminEnvelope,
  AppEnvelope,
  AppToAdminMessage,
  NavMenuItem,
  PickedResource,
  ResourcePickerRequest,
  SaveBarButtonView,
  StubConfig,
} from "../frame-protocol";

(() => {
  const sandbox = (window as unknown as { __MODEL_SHOTS_SANDBOX__?: StubConfig }).__MODEL_SHOTS_SANDBOX__;
  if (!sandbox) throw new Error("The sandbox's App Bridge stub was loaded without its configuration.");
  const { adminOrigin, adminAppUrl } = sandbox;
  const script = document.currentScript;
  const params = new URL(location.href).searchParams;
  const embeddedParams = [
    "embedded",
    "hmac",
    "host",
    "id_token",
    "locale",
    "session",
    "shop",
    "timestamp",
    "appLoadId",
  ];

  // Outside the admin there is no one to sign tokens: open the app inside the sandbox's admin page instead.
  if (window.top === window) {
    location.replace(`${adminAppUrl}${appPath(location.href)}`);
    return;
  }

  /** The app's own path and query, without the parameters the admin adds. */
  function appPath(href: string): string {
    const url = new URL(href, location.href);
    for (const name of embeddedParams) url.searchParams.delete(name);
    const query = url.searchParams.toString();
    return `${url.pathname}${query ? `?${query}` : ""}`;
  }

  function post(message: AppToAdminMessage): void {
    const envelope = { source: "model-shots-sandbox-app", ...message } as AppEnvelope;
    window.parent.postMessage(envelope, adminOrigin);
  }

  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(sequence += 1)}`;
  const pending = new Map<string, (message: AdminEnvelope) => void>();
  const navigateListeners: Array<(href: string) => void> = [];

  window.addEventListener("message", (event: MessageEvent) => {
    if (event.origin !== adminOrigin || event.source !== window.parent) return;
    const message = event.data as AdminEnvelope | undefined;
    if (!message || message.source !== "model-shots-sandbox-admin") return;
    switch (message.kind) {
      case "idToken":
      case "resourcePicker": {
        const resolve = pending.get(message.requestId);
        pending.delete(message.requestId);
        resolve?.(message);
        break;
      }
      case "navigate":
        for (const listener of navigateListeners) listener(message.href);
        break;
      case "saveBarAction":
        saveBarElements.get(message.id)?.clickButton(message.index);
        break;
      case "toastAction":
        toastActions.get(message.id)?.();
        break;
    }
  });

  function request(message: AppToAdminMessage & { requestId: string }): Promise<AdminEnvelope> {
    return new Promise((resolve) => {
      pending.set(message.requestId, resolve);
      post(message);
    });
  }

  // ----- session tokens --------------------------------------------------------------------------------------

  let cachedToken: { token: string; expiresAt: number } | null = null;

  function expiryOf(token: string): number {
    try {
      const payload = JSON.parse(atob((token.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/"))) as {
        exp?: number;
      };
      return (payload.exp ?? 0) * 1000;
    } catch {
      return 0;
    }
  }

  async function idToken(fresh = false): Promise<string> {
    // Shopify's tokens live a minute; ask for a new one when less than ten seconds are left.
    if (!fresh && cachedToken && cachedToken.expiresAt - Date.now() > 10_000) return cachedToken.token;
    const answer = await request({ kind: "idToken", requestId: nextId("token"), fresh });
    if (answer.kind !== "idToken" || !answer.token)
      throw new Error(answer.kind === "idToken" && answer.error ? answer.error : "No session token");
    cachedToken = { token: answer.token, expiresAt: expiryOf(answer.token) };
    return answer.token;
  }

  const originalFetch = window.fetch.bind(window);

  function sameOrigin(input: RequestInfo | URL): boolean {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    return new URL(href, location.href).origin === location.origin;
  }

  async function authorizedFetch(
    input: RequestInfo | URL,
    init: RequestInit | undefined,
    fresh: boolean,
  ): Promise<Response> {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (!headers.has("Authorization")) headers.set("Authorization", `Bearer ${await idToken(fresh)}`);
    return originalFetch(input, { ...init, headers });
  }

  window.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (!sameOrigin(input)) return originalFetch(input, init);
    let response = await authorizedFetch(input, init, false);
    // The app asks for a retry when the token it got was not valid (expired in flight, say).
    const bodyIsReusable = !(input instanceof Request && input.body);
    if (
      response.status === 401 &&
      response.headers.get("X-Shopify-Retry-Invalid-Session-Request") === "1" &&
      bodyIsReusable
    ) {
      response = await authorizedFetch(input, init, true);
    }
    const reauthorizeUrl = response.headers.get("X-Shopify-API-Request-Failure-Reauthorize-Url");
    if (response.status === 401 && reauthorizeUrl) {
      const target = new URL(reauthorizeUrl, location.href);
      if (target.origin === location.origin) location.assign(target.href);
      else post({ kind: "openTop", url: target.href });
    }
    return response;
  };

  // The library's bounce page: get a token, then reload the page the app wanted with it.
  if (location.pathname === "/auth/session-token") {
    const reload = params.get("shopify-reload");
    if (reload) {
      const target = new URL(reload, location.href);
      if (target.origin === location.origin) {
        void idToken(true).then((token) => {
          target.searchParams.set("id_token", token);
          location.replace(target.href);
        });
      }
    }
  }

  // ----- toasts, loading, resource picker --------------------------------------------------------------------

  const toastActions = new Map<string, () => void>();

  const toast = {
    show(
      message: string,
      options: { duration?: number; isError?: boolean; action?: string; onAction?: () => void } = {},
    ): string {
      const id = nextId("toast");
      if (options.onAction) toastActions.set(id, options.onAction);
      post({
        kind: "toast",
        id,
        message,
        isError: options.isError ?? false,
        duration: options.duration ?? 5000,
        ...(options.action ? { action: options.action } : {}),
      });
      return id;
    },
    hide(id: string): void {
      toastActions.delete(id);
      post({ kind: "toastHide", id });
    },
  };

  async function resourcePicker(
    options: ResourcePickerRequest,
  ): Promise<(PickedResource[] & { selection: PickedResource[] }) | undefined> {
    const answer = await request({
      kind: "resourcePicker",
      requestId: nextId("picker"),
      options: {
        type: options.type,
        action: options.action ?? "add",
        multiple: options.multiple ?? false,
        query: options.query ?? "",
        selectionIds: (options.selectionIds ?? []).map((item) => ({ id: item.id })),
      },
    });
    if (answer.kind !== "resourcePicker" || !answer.selection) return undefined;
    // App Bridge answers an array that also carries itself as `selection`.
    return Object.assign([...answer.selection], { selection: answer.selection });
  }

  // ----- navigation ------------------------------------------------------------------------------------------

  /** App Bridge's way into the app's router: AppProvider listens for `shopify:navigate` from an element with href. */
  function navigateInApp(href: string): void {
    const anchor = document.createElement("a");
    anchor.setAttribute("href", href);
    anchor.hidden = true;
    document.body.append(anchor);
    anchor.dispatchEvent(new CustomEvent("shopify:navigate", { bubbles: true }));
    anchor.remove();
  }
  navigateListeners.push(navigateInApp);

  const reportLocation = () => post({ kind: "location", path: appPath(location.href) });
  for (const method of ["pushState", "replaceState"] as const) {
    const original = history[method].bind(history);
    history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
      original(data, unused, url);
      reportLocation();
    };
  }
  window.addEventListener("popstate", reportLocation);

  const ADMIN_LINK = /^shopify:\/*admin(\/.*)?$/i;
  function adminPathOf(href: string | null): string | null {
    const match = href ? ADMIN_LINK.exec(href) : null;
    return match ? (match[1] ?? "/") : null;
  }
  document.addEventListener(
    "click",
    (event) => {
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      const path = adminPathOf(anchor?.getAttribute("href") ?? null);
      if (!anchor || path === null) return;
      event.preventDefault();
      post({ kind: "adminNavigate", path, newContext: anchor.getAttribute("target") === "_blank" });
    },
    true,
  );
  const originalOpen = window.open.bind(window);
  window.open = (url?: string | URL, target?: string, features?: string) => {
    const path = adminPathOf(url ? String(url) : null);
    if (path === null) return originalOpen(url, target, features);
    post({ kind: "adminNavigate", path, newContext: target === "_blank" });
    return null;
  };

  // ----- web components ----------------------------------------------------------------------------------------

  /** Buttons staff see for an element's `<button>` children; labels default like App Bridge's save bar. */
  function buttonViews(buttons: HTMLButtonElement[], defaults: (primary: boolean) => string): SaveBarButtonView[] {
    return buttons.map((button) => {
      const primary = button.getAttribute("variant") === "primary";
      return {
        label: button.textContent?.trim() || defaults(primary),
        primary,
        disabled: button.disabled,
        loading: button.hasAttribute("loading"),
      };
    });
  }

  /**
   * Children of App Bridge's elements describe UI shown elsewhere (the admin, a dialog); an empty shadow root
   * keeps them out of the page without touching attributes React hydrates.
   */
  class HiddenChildrenElement extends HTMLElement {
    constructor() {
      super();
      this.attachShadow({ mode: "open" });
    }
  }

  class NavMenuElement extends HiddenChildrenElement {
    private observer = new MutationObserver(() => this.report());
    connectedCallback() {
      this.observer.observe(this, { childList: true, subtree: true, characterData: true, attributes: true });
      this.report();
    }
    disconnectedCallback() {
      this.observer.disconnect();
    }
    private report() {
      const links = [...this.querySelectorAll("a[href]")];
      const home = links.find((link) => link.getAttribute("rel") === "home");
      const items: NavMenuItem[] = links
        .filter((link) => link !== home)
        .map((link) => ({ label: link.textContent?.trim() ?? "", href: link.getAttribute("href") ?? "/" }));
      post({ kind: "navMenu", items, homeHref: home?.getAttribute("href") ?? null });
    }
  }

  class TitleBarElement extends HiddenChildrenElement {}

  const saveBarElements = new Map<string, SaveBarElement>();

  class SaveBarElement extends HiddenChildrenElement {
    private open = false;
    private observer = new MutationObserver(() => {
      if (this.open) this.report();
    });
    get showing(): boolean {
      return this.open;
    }
    connectedCallback() {
      if (this.id) saveBarElements.set(this.id, this);
      this.observer.observe(this, { childList: true, subtree: true, characterData: true, attributes: true });
    }
    disconnectedCallback() {
      this.observer.disconnect();
      if (this.open) void this.hide();
      if (this.id && saveBarElements.get(this.id) === this) saveBarElements.delete(this.id);
    }
    private buttons(): HTMLButtonElement[] {
      return [...this.querySelectorAll(":scope > button")] as HTMLButtonElement[];
    }
    private report() {
      post({
        kind: "saveBar",
        id: this.id || "save-bar",
        open: this.open,
        buttons: buttonViews(this.buttons(), (primary) => (primary ? "Save" : "Discard")),
      });
    }
    clickButton(index: number) {
      this.buttons()[index]?.click();
    }
    async show() {
      this.open = true;
      this.report();
      this.dispatchEvent(new CustomEvent("show"));
    }
    async hide() {
      if (!this.open) return;
      this.open = false;
      this.report();
      this.dispatchEvent(new CustomEvent("hide"));
    }
    async toggle() {
      await (this.open ? this.hide() : this.show());
    }
  }

  const STYLE = `
    .msb-overlay { position: fixed; inset: 0; z-index: 2147483000; background: rgba(0,0,0,.45); display: flex; align-items: center; justify-content: center; padding: 16px; }
    .msb-dialog { background: #fff; border-radius: 12px; box-shadow: 0 20px 40px rgba(0,0,0,.3); width: min(620px, 100%); max-height: calc(100vh - 32px); display: flex; flex-direction: column; font-family: -apple-system, BlinkMacSystemFont, "San Francisco", "Segoe UI", Roboto, "Helvetica Neue", sans-serif; }
    .msb-dialog[data-variant="small"] { width: min(380px, 100%); }
    .msb-dialog[data-variant="large"], .msb-dialog[data-variant="max"] { width: min(980px, 100%); }
    .msb-header { display: flex; align-items: center; justify-content: space-between; padding: 12px 16px; border-bottom: 1px solid #e3e3e3; background: #f3f3f3; border-radius: 12px 12px 0 0; }
    .msb-header h2 { margin: 0; font-size: 14px; font-weight: 650; color: #303030; }
    .msb-body { overflow: auto; }
    .msb-footer { display: flex; justify-content: flex-end; gap: 8px; padding: 12px 16px; border-top: 1px solid #e3e3e3; }
    .msb-button { font: inherit; font-size: 13px; font-weight: 550; border-radius: 8px; padding: 6px 12px; border: 1px solid #c9cccf; background: #fff; color: #303030; cursor: pointer; }
    .msb-button[data-primary] { background: #303030; border-color: #303030; color: #fff; }
    .msb-button[data-critical][data-primary] { background: #c70a24; border-color: #c70a24; }
    .msb-button[data-critical]:not([data-primary]) { color: #8e0b21; }
    .msb-button:disabled { opacity: .5; cursor: default; }
    .msb-close { font: inherit; font-size: 18px; line-height: 1; border: 0; background: none; cursor: pointer; color: #4a4a4a; padding: 4px 8px; border-radius: 6px; }
    .msb-close:focus-visible, .msb-button:focus-visible { outline: 2px solid #005bd3; outline-offset: 1px; }
  `;
  let styled = false;
  /** Created on first use, after the app has hydrated: nothing of the stub is in the page React hydrates. */
  function ensureStyles(): void {
    if (styled) return;
    styled = true;
    const style = document.createElement("style");
    style.textContent = STYLE;
    document.body.append(style);
  }

  const modalElements = new Map<string, ModalElement>();

  class ModalElement extends HiddenChildrenElement {
    /** Where App Bridge React portals the modal's content; moved into the dialog while it is shown. */
    readonly content: HTMLDivElement = document.createElement("div");
    private overlay: HTMLDivElement | null = null;
    private observer = new MutationObserver(() => this.renderChrome());
    private returnFocus: Element | null = null;
    get open(): boolean {
      return this.overlay !== null;
    }
    connectedCallback() {
      if (this.id) modalElements.set(this.id, this);
      this.observer.observe(this, { childList: true, subtree: true, characterData: true, attributes: true });
    }
    disconnectedCallback() {
      this.observer.disconnect();
      void this.hide();
      if (this.id && modalElements.get(this.id) === this) modalElements.delete(this.id);
    }
    private titleBar(): Element | null {
      return this.querySelector(":scope > ui-title-bar");
    }
    private renderChrome() {
      const overlay = this.overlay;
      if (!overlay) return;
      const dialog = overlay.firstElementChild as HTMLElement;
      dialog.dataset.variant = this.getAttribute("variant") ?? "base";
      const heading = dialog.querySelector("h2");
      if (heading) heading.textContent = this.titleBar()?.getAttribute("title") ?? "";
      const footer = dialog.querySelector(".msb-footer") as HTMLElement;
      const buttons = [...(this.titleBar()?.querySelectorAll(":scope > button") ?? [])] as HTMLButtonElement[];
      footer.replaceChildren(
        // App Bridge shows the secondary actions first and the primary one last.
        ...[
          ...buttons.filter((b) => b.getAttribute("variant") !== "primary"),
          ...buttons.filter((b) => b.getAttribute("variant") === "primary"),
        ].map((original) => {
          const copy = document.createElement("button");
          copy.type = "button";
          copy.className = "msb-button";
          copy.textContent = original.textContent?.trim() ?? "";
          copy.disabled = original.disabled;
          if (original.getAttribute("variant") === "primary") copy.dataset.primary = "";
          if (original.getAttribute("tone") === "critical") copy.dataset.critical = "";
          copy.addEventListener("click", () => original.click());
          return copy;
        }),
      );
      footer.hidden = buttons.length === 0;
    }
    async show() {
      if (this.overlay) return;
      ensureStyles();
      this.returnFocus = document.activeElement;
      const overlay = document.createElement("div");
      overlay.className = "msb-overlay";
      const titleId = nextId("modal-title");
      overlay.innerHTML = `<div class="msb-dialog" role="dialog" aria-modal="true" aria-labelledby="${titleId}" tabindex="-1">
        <div class="msb-header"><h2 id="${titleId}"></h2><button type="button" class="msb-close" aria-label="Close">×</button></div>
        <div class="msb-body"></div><div class="msb-footer"></div></div>`;
      overlay.querySelector(".msb-body")?.append(this.content);
      overlay.querySelector(".msb-close")?.addEventListener("click", () => void this.hide());
      overlay.addEventListener("keydown", (event) => {
        if (event.key === "Escape") void this.hide();
      });
      overlay.addEventListener("click", (event) => {
        if (event.target === overlay) void this.hide();
      });
      this.overlay = overlay;
      document.body.append(overlay);
      this.renderChrome();
      (overlay.firstElementChild as HTMLElement).focus();
      this.dispatchEvent(new CustomEvent("show"));
    }
    async hide() {
      if (!this.overlay) return;
      this.overlay.remove();
      this.overlay = null;
      if (this.returnFocus instanceof HTMLElement) this.returnFocus.focus();
      this.dispatchEvent(new CustomEvent("hide"));
    }
    async toggle() {
      await (this.overlay ? this.hide() : this.show());
    }
  }

  customElements.define("ui-nav-menu", NavMenuElement);
  customElements.define("ui-title-bar", TitleBarElement);
  customElements.define("ui-save-bar", SaveBarElement);
  customElements.define("ui-modal", ModalElement);

  const byId = <T>(map: Map<string, T>, id: string, what: string): T => {
    const element = map.get(id);
    if (!element) throw new Error(`No ${what} with id "${id}" is in the page.`);
    return element;
  };

  // ----- the shopify global ------------------------------------------------------------------------------------

  const implemented: Record<string, unknown> = {
    config: {
      apiKey: script?.getAttribute("data-api-key") ?? "",
      shop: params.get("shop") ?? "",
      host: params.get("host") ?? "",
      locale: params.get("locale") ?? "en",
      disabledFeatures: [],
    },
    origin: adminOrigin,
    ready: Promise.resolve(),
    environment: { embedded: true, mobile: false, pos: false },
    idToken: () => idToken(false),
    toast,
    resourcePicker,
    loading: (on = true) => post({ kind: "loading", on }),
    modal: {
      show: (id: string) => byId(modalElements, id, "ui-modal").show(),
      hide: (id: string) => byId(modalElements, id, "ui-modal").hide(),
      toggle: (id: string) => byId(modalElements, id, "ui-modal").toggle(),
    },
    saveBar: {
      show: (id: string) => byId(saveBarElements, id, "ui-save-bar").show(),
      hide: (id: string) => byId(saveBarElements, id, "ui-save-bar").hide(),
      toggle: (id: string) => byId(saveBarElements, id, "ui-save-bar").toggle(),
      leaveConfirmation: async () => undefined,
    },
  };
  const warned = new Set<string>();
  const shopifyGlobal = new Proxy(implemented, {
    get(target, property) {
      if (typeof property === "symbol" || property in target) return target[property as string];
      if (property !== "then" && !warned.has(property)) {
        warned.add(property);
        console.warn(
          `[sandbox] shopify.${property} is not provided by the sandbox's App Bridge stub (sandbox/browser/app-bridge-stub.ts).`,
        );
      }
      return undefined;
    },
  });
  (window as unknown as { shopify: unknown }).shopify = shopifyGlobal;

  post({ kind: "ready", path: appPath(location.href) });
})();
