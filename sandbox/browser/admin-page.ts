/**
 * The admin side of the sandbox's pages: what Shopify admin does for an embedded app that uses App Bridge
 * (hands out session tokens, shows toasts, the save bar, the app's navigation menu and the resource picker,
 * follows the app's location), and the More actions menu that opens the app's admin extensions in a dialog.
 * Compiled one file at a time when served; types only are imported.
 */
import type {
  AdminEnvelope,
  AdminToAppMessage,
  AppEnvelope,
  NavMenuItem,
  PickedResource,
  ResourcePickerRequest,
  SaveBarButtonView,
  ExtensionDialogHost,
} from "../frame-protocol";

interface AdminPageConfig {
  appOrigin: string;
  adminBase: string;
  appBase: string;
  shop: string;
  page: string;
  productId?: string;
  productTitle?: string;
  collectionId?: string;
}

(() => {
  const config = (window as unknown as { __MODEL_SHOTS_ADMIN__: AdminPageConfig }).__MODEL_SHOTS_ADMIN__;
  const frame = document.getElementById("app-frame") as HTMLIFrameElement | null;

  const element = <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    props: Partial<HTMLElementTagNameMap[K]> = {},
    ...children: Array<Node | string>
  ): HTMLElementTagNameMap[K] => {
    const node: HTMLElementTagNameMap[K] = document.createElement(tag);
    Object.assign(node, props);
    (node as HTMLElement).append(...children);
    return node;
  };

  async function sessionToken(): Promise<string> {
    const response = await fetch("/__sandbox/session-token", { method: "POST" });
    if (!response.ok) throw new Error(`The sandbox could not sign a session token (HTTP ${response.status})`);
    return ((await response.json()) as { token: string }).token;
  }

  function send(message: AdminToAppMessage): void {
    const envelope = { source: "model-shots-sandbox-admin", ...message } as AdminEnvelope;
    frame?.contentWindow?.postMessage(envelope, config.appOrigin);
  }

  // ----- toasts and loading ------------------------------------------------------------------------------------

  const toasts = document.getElementById("toasts");
  const toastTimers = new Map<string, number>();

  function hideToast(id: string): void {
    document.querySelector(`[data-toast-id="${CSS.escape(id)}"]`)?.remove();
    window.clearTimeout(toastTimers.get(id));
    toastTimers.delete(id);
  }

  function showToast(id: string, message: string, isError: boolean, duration: number, action?: string): void {
    const toast = element(
      "div",
      { className: `toast${isError ? " toast-error" : ""}` },
      element("span", { textContent: message }),
    );
    toast.dataset.toastId = id;
    if (action) {
      const button = element("button", { type: "button", className: "toast-action", textContent: action });
      button.addEventListener("click", () => send({ kind: "toastAction", id }));
      toast.append(button);
    }
    const close = element("button", { type: "button", className: "toast-close", textContent: "×" });
    close.setAttribute("aria-label", "Dismiss");
    close.addEventListener("click", () => hideToast(id));
    toast.append(close);
    toasts?.append(toast);
    toastTimers.set(
      id,
      window.setTimeout(() => hideToast(id), Math.max(duration, 1000)),
    );
  }

  const loadingBar = document.getElementById("loading-bar");

  // ----- the app's navigation menu and location ----------------------------------------------------------------

  const appNav = document.getElementById("app-nav");
  let appLocation = "";

  function markCurrentNavItem(): void {
    const path = appLocation.split("?")[0] ?? "";
    const links = [...(appNav?.querySelectorAll("a") ?? [])];
    // The longest matching prefix wins, so /app/runs/new highlights "Bulk runs", not "Home".
    const best = links
      .filter((link) => {
        const href = link.dataset.appHref ?? "";
        return path === href || path.startsWith(`${href}/`);
      })
      .sort((a, b) => (b.dataset.appHref ?? "").length - (a.dataset.appHref ?? "").length)[0];
    for (const link of links) {
      if (link === best) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
  }

  function renderNavMenu(items: NavMenuItem[]): void {
    if (!appNav) return;
    appNav.replaceChildren(
      ...items.map((item) => {
        const link = element("a", {
          href: `${config.appBase}${item.href}`,
          className: "nav-link nav-sublink",
          textContent: item.label,
        });
        link.dataset.appHref = item.href;
        link.addEventListener("click", (event) => {
          if (!frame) return;
          event.preventDefault();
          send({ kind: "navigate", href: item.href });
        });
        return element("li", {}, link);
      }),
    );
    markCurrentNavItem();
  }

  // ----- save bar ------------------------------------------------------------------------------------------------

  const saveBarSlot = document.getElementById("save-bar-slot");
  const slotDefault = saveBarSlot ? [...saveBarSlot.childNodes] : [];

  function renderSaveBar(id: string, open: boolean, buttons: SaveBarButtonView[]): void {
    if (!saveBarSlot) return;
    if (!open) {
      saveBarSlot.classList.remove("save-bar");
      saveBarSlot.removeAttribute("role");
      saveBarSlot.removeAttribute("aria-label");
      saveBarSlot.replaceChildren(...slotDefault);
      return;
    }
    saveBarSlot.classList.add("save-bar");
    saveBarSlot.setAttribute("role", "region");
    saveBarSlot.setAttribute("aria-label", "Unsaved changes");
    // Discard first, the primary action last, as in Shopify admin.
    const ordered = buttons
      .map((button, index) => ({ button, index }))
      .sort((a, b) => Number(a.button.primary) - Number(b.button.primary));
    saveBarSlot.replaceChildren(
      element("span", { className: "save-bar-message", textContent: "Unsaved changes" }),
      element(
        "span",
        { className: "save-bar-actions" },
        ...ordered.map(({ button, index }) => {
          const node = element("button", {
            type: "button",
            className: `button${button.primary ? " button-primary" : " button-dark"}`,
            textContent: button.label,
            disabled: button.disabled || button.loading,
          });
          node.dataset.saveBarId = id;
          node.addEventListener("click", () => send({ kind: "saveBarAction", id, index }));
          return node;
        }),
      ),
    );
  }

  // ----- dialogs -------------------------------------------------------------------------------------------------

  interface Dialog {
    root: HTMLDivElement;
    body: HTMLDivElement;
    footer: HTMLDivElement;
    close(): void;
  }

  function openDialog(title: string, onDismiss: () => void): Dialog {
    const previous = document.activeElement;
    const titleId = `dialog-title-${Date.now()}`;
    const body = element("div", { className: "dialog-body" });
    const footer = element("div", { className: "dialog-footer" });
    const closeButton = element("button", { type: "button", className: "dialog-close", textContent: "×" });
    closeButton.setAttribute("aria-label", "Close");
    const dialog = element(
      "div",
      { className: "dialog", tabIndex: -1 },
      element("div", { className: "dialog-header" }, element("h2", { id: titleId, textContent: title }), closeButton),
      body,
      footer,
    );
    dialog.setAttribute("role", "dialog");
    dialog.setAttribute("aria-modal", "true");
    dialog.setAttribute("aria-labelledby", titleId);
    const root = element("div", { className: "dialog-overlay" }, dialog);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      root.remove();
      if (previous instanceof HTMLElement) previous.focus();
    };
    const dismiss = () => {
      close();
      onDismiss();
    };
    closeButton.addEventListener("click", dismiss);
    root.addEventListener("keydown", (event) => {
      if (event.key === "Escape") dismiss();
    });
    document.body.append(root);
    dialog.focus();
    return { root, body, footer, close };
  }

  const button = (label: string, primary = false) =>
    element("button", { type: "button", className: `button${primary ? " button-primary" : ""}`, textContent: label });

  // ----- resource picker -----------------------------------------------------------------------------------------

  function pickResources(options: ResourcePickerRequest): Promise<PickedResource[] | null> {
    return new Promise((resolve) => {
      const noun = options.type === "collection" ? "collection" : "product";
      const multiple = options.multiple === true || (typeof options.multiple === "number" && options.multiple > 1);
      const limit = typeof options.multiple === "number" ? options.multiple : multiple ? Infinity : 1;
      const verb = options.action === "select" ? "Select" : "Add";
      const dialog = openDialog(`${verb} ${multiple ? `${noun}s` : noun}`, () => resolve(null));
      dialog.root.dataset.picker = options.type;
      const selected = new Map<string, PickedResource>();
      const preselected = new Set((options.selectionIds ?? []).map((item) => item.id));
      let resources: PickedResource[] = [];

      const search = element("input", {
        type: "search",
        className: "text-field",
        id: "picker-search",
        value: options.query ?? "",
        autocomplete: "off",
      });
      const list = element("ul", { className: "picker-list" });
      list.setAttribute("aria-label", `${noun}s`);
      const confirm = button(verb, true);
      const count = element("span", { className: "muted picker-count" });
      const refresh = () => {
        confirm.disabled = selected.size === 0;
        count.textContent = multiple ? `${selected.size} selected` : "";
      };
      const render = () => {
        list.replaceChildren(
          ...resources.map((resource) => {
            const input = element("input", {
              type: multiple ? "checkbox" : "radio",
              name: "picker-choice",
              value: resource.id,
              checked: selected.has(resource.id),
            });
            input.addEventListener("change", () => {
              if (!multiple) selected.clear();
              if (input.checked) {
                if (selected.size >= limit) {
                  input.checked = false;
                  return;
                }
                selected.set(resource.id, resource);
              } else selected.delete(resource.id);
              refresh();
            });
            const image = resource.images?.[0];
            const thumb = image
              ? element("img", { src: image.originalSrc, alt: "", className: "thumb", width: 40, height: 40 })
              : element("span", { className: "thumb thumb-empty" });
            const detail =
              resource.productsCount !== undefined
                ? `${resource.productsCount} products`
                : (resource.productType ?? "");
            return element(
              "li",
              {},
              element(
                "label",
                { className: "picker-item" },
                input,
                thumb,
                element("span", { className: "picker-title", textContent: resource.title }),
                element("span", { className: "muted", textContent: detail }),
              ),
            );
          }),
        );
        if (resources.length === 0)
          list.append(element("li", { className: "muted", textContent: `No ${noun}s match.` }));
      };
      const load = async () => {
        const query = new URLSearchParams({ type: options.type, query: search.value });
        const response = await fetch(`/__sandbox/resources?${query.toString()}`);
        resources = ((await response.json()) as { resources: PickedResource[] }).resources;
        for (const resource of resources)
          if (preselected.has(resource.id) && !selected.has(resource.id)) selected.set(resource.id, resource);
        preselected.clear();
        render();
        refresh();
      };
      search.addEventListener("input", () => void load());
      const cancel = button("Cancel");
      cancel.addEventListener("click", () => {
        dialog.close();
        resolve(null);
      });
      confirm.addEventListener("click", () => {
        dialog.close();
        resolve([...selected.values()]);
      });
      dialog.body.append(
        element("label", { htmlFor: "picker-search", className: "label", textContent: `Search ${noun}s` }),
        search,
        list,
      );
      dialog.footer.append(count, cancel, confirm);
      void load();
    });
  }

  // ----- messages from the app -------------------------------------------------------------------------------------

  if (frame) {
    window.addEventListener("message", (event: MessageEvent) => {
      if (event.origin !== config.appOrigin || event.source !== frame.contentWindow) return;
      const message = event.data as AppEnvelope | undefined;
      if (!message || message.source !== "model-shots-sandbox-app") return;
      switch (message.kind) {
        case "ready":
        case "location":
          appLocation = message.path;
          history.replaceState(null, "", `${config.appBase}${message.path}`);
          markCurrentNavItem();
          break;
        case "idToken":
          sessionToken().then(
            (token) => send({ kind: "idToken", requestId: message.requestId, token }),
            (error: unknown) =>
              send({ kind: "idToken", requestId: message.requestId, token: null, error: String(error) }),
          );
          break;
        case "toast":
          showToast(message.id, message.message, message.isError, message.duration, message.action);
          break;
        case "toastHide":
          hideToast(message.id);
          break;
        case "loading":
          if (loadingBar) loadingBar.hidden = !message.on;
          break;
        case "navMenu":
          renderNavMenu(message.items);
          break;
        case "saveBar":
          renderSaveBar(message.id, message.open, message.buttons);
          break;
        case "resourcePicker":
          void pickResources(message.options).then((selection) =>
            send({ kind: "resourcePicker", requestId: message.requestId, selection }),
          );
          break;
        case "adminNavigate": {
          const target = `${config.adminBase}${message.path}`;
          if (message.newContext) window.open(target, "_blank", "noopener");
          else location.assign(target);
          break;
        }
        case "openTop": {
          const target = new URL(message.url);
          if (target.protocol === "http:" || target.protocol === "https:") location.assign(target.href);
          break;
        }
      }
    });
  }

  // ----- the "More actions" menu and the app's admin extensions --------------------------------------------------------

  const moreActions = document.getElementById("more-actions");
  const menu = document.getElementById("more-actions-menu");
  const setMenuOpen = (open: boolean) => {
    if (!moreActions || !menu) return;
    menu.hidden = !open;
    moreActions.setAttribute("aria-expanded", String(open));
    if (open) (menu.querySelector("button") as HTMLButtonElement | null)?.focus();
  };
  moreActions?.addEventListener("click", () => setMenuOpen(Boolean(menu?.hidden)));
  menu?.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      setMenuOpen(false);
      moreActions?.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (menu && !menu.hidden && !(event.target as Element).closest(".menu")) setMenuOpen(false);
  });

  /**
   * An admin extension opened from More actions: a dialog titled with its name, holding the host page that runs
   * the extension's own bundle on the resources selected here (sandbox/browser/extension-host.ts).
   */
  function openExtension(handle: string, name: string, selected: string[]): void {
    const dialog = openDialog(name, () => undefined);
    dialog.root.dataset.extension = handle;
    dialog.footer.remove();
    const host = new URL(`/__sandbox/extensions/${encodeURIComponent(handle)}`, location.href);
    host.searchParams.set("selected", selected.join(","));
    const frame = element("iframe", { src: host.href, title: name, className: "extension-frame" });
    dialog.body.append(frame);
    const dialogHost: ExtensionDialogHost = {
      close: dialog.close,
      toast: (message, isError) => showToast(`extension-${Date.now()}`, message, isError, 5000),
      resize: (height) => {
        frame.style.height = `${Math.min(height, window.innerHeight - 160)}px`;
      },
      unknownElement: (tag) => {
        const note = `The sandbox has no stand-in for <${tag}>: add one to sandbox/browser/extension-host.ts.`;
        if (!dialog.root.querySelector(".extension-unknown"))
          dialog.root
            .querySelector(".dialog")
            ?.append(element("p", { className: "error extension-unknown", textContent: note }));
      },
    };
    Object.assign(window, { __modelShotsExtensionDialog: dialogHost });
  }

  /** What the action runs on: the page's product or collection, or the products ticked on the list. */
  function selectedResources(): string[] {
    if (config.productId) return [config.productId];
    if (config.collectionId) return [config.collectionId];
    return [...document.querySelectorAll<HTMLInputElement>("input[data-select-product]:checked")].map(
      (input) => input.dataset.selectProduct ?? "",
    );
  }

  for (const item of document.querySelectorAll<HTMLButtonElement>("[data-extension]")) {
    item.addEventListener("click", () => {
      setMenuOpen(false);
      const selected = selectedResources();
      if (selected.length === 0) {
        showToast(`select-${Date.now()}`, "Select at least one product first.", true, 4000);
        return;
      }
      openExtension(item.dataset.extension ?? "", item.textContent ?? "", selected);
    });
  }
})();
