/**
 * Messages between the app's frame (the App Bridge stub) and the sandbox's admin page, over postMessage.
 * Real App Bridge talks to Shopify admin the same way; these are the sandbox's own, smaller vocabulary.
 * Types only: the browser scripts are compiled one file at a time (no bundler), so they import nothing at run
 * time; the string literals below are checked by the compiler wherever a message is built.
 */

export type AppMessageSource = "model-shots-sandbox-app";
export type AdminMessageSource = "model-shots-sandbox-admin";

export interface SaveBarButtonView {
  label: string;
  primary: boolean;
  disabled: boolean;
  loading: boolean;
}

export interface NavMenuItem {
  label: string;
  href: string;
}

export interface ResourcePickerRequest {
  type: "product" | "variant" | "collection";
  action?: "add" | "select";
  multiple?: boolean | number;
  query?: string;
  selectionIds?: Array<{ id: string }>;
}

/** What the picker hands back: the fields of App Bridge's Product / Collection the sandbox can fill honestly. */
export interface PickedResource {
  id: string;
  title: string;
  handle: string;
  images?: Array<{ id: string; originalSrc: string; altText?: string }>;
  variants?: Array<{ id: string; title: string }>;
  productType?: string;
  vendor?: string;
  tags?: string[];
  status?: string;
  productsCount?: number;
}

export type AppToAdminMessage =
  | { kind: "ready"; path: string }
  | { kind: "location"; path: string }
  | { kind: "idToken"; requestId: string; fresh: boolean }
  | { kind: "toast"; id: string; message: string; isError: boolean; duration: number; action?: string }
  | { kind: "toastHide"; id: string }
  | { kind: "resourcePicker"; requestId: string; options: ResourcePickerRequest }
  | { kind: "navMenu"; items: NavMenuItem[]; homeHref: string | null }
  | { kind: "saveBar"; id: string; open: boolean; buttons: SaveBarButtonView[] }
  | { kind: "loading"; on: boolean }
  | { kind: "adminNavigate"; path: string; newContext: boolean }
  | { kind: "openTop"; url: string };

export type AdminToAppMessage =
  | { kind: "idToken"; requestId: string; token: string | null; error?: string }
  | { kind: "resourcePicker"; requestId: string; selection: PickedResource[] | null }
  | { kind: "navigate"; href: string }
  | { kind: "saveBarAction"; id: string; index: number }
  | { kind: "toastAction"; id: string };

export type Envelope<Source extends string, Message> = { source: Source } & Message;
export type AppEnvelope = Envelope<AppMessageSource, AppToAdminMessage>;
export type AdminEnvelope = Envelope<AdminMessageSource, AdminToAppMessage>;

/** Injected by the app proxy before the stub's code, so the stub knows whom to talk to. */
export interface StubConfig {
  adminOrigin: string;
  /** The admin page's URL prefix for this app, e.g. http://localhost:3000/store/model-shots-demo/apps/model-shots */
  adminAppUrl: string;
}

/** What the admin page hands the host page of an admin extension (sandbox/browser/extension-host.ts). */
export interface ExtensionHostConfig {
  handle: string;
  target: string;
  /** The ids of the resources the action was opened on: `shopify.data.selected`. */
  selected: string[];
  /** Where the extension's relative fetch goes (the app), with a session token. */
  appOrigin: string;
  adminBase: string;
  appBase: string;
  /** The staff member's admin language, and the extension's locale files for it: what `shopify.i18n` reads. */
  locale: string;
  translations: { default: ExtensionTranslations; requested: ExtensionTranslations | null };
}

/** An extension's locales/<locale>.json: Shopify's format (nested keys, {{variables}}, plurals as one/other). */
export type ExtensionTranslations = { [key: string]: string | ExtensionTranslations };

/**
 * What the admin page offers the extension's dialog (same origin, called directly as
 * `window.parent.__modelShotsExtensionDialog`): the parts of the target's `shopify` global that are the admin's.
 */
export interface ExtensionDialogHost {
  close(): void;
  toast(message: string, isError: boolean): void;
  resize(height: number): void;
  /** An `s-*` element the sandbox has no stand-in for. */
  unknownElement(tag: string): void;
}
