import { Session } from "@shopify/shopify-api";
import { SecretUnreadableError, type SecretBox } from "~/lib/secret-box.server";

/** The session storage contract of @shopify/shopify-app-session-storage (structural, so no transitive import). */
export interface SessionStorage {
  storeSession(session: Session): Promise<boolean>;
  loadSession(id: string): Promise<Session | undefined>;
  deleteSession(id: string): Promise<boolean>;
  deleteSessions(ids: string[]): Promise<boolean>;
  findSessionsByShop(shop: string): Promise<Session[]>;
}

/**
 * Shopify's access and refresh tokens are the most powerful secrets the app holds (they act as the shop), so they are
 * sealed by the same keyring as the try-on keys, bound to the shop, before the session storage writes them. A token
 * stored before this wrapper existed is still read (plaintext) until `npm run secrets:rotate` seals it. A token no key
 * opens is treated as no session at all: the library then exchanges a new one, instead of the page answering 500.
 */
export function encryptedSessionStorage(inner: SessionStorage, box: SecretBox): SessionStorage {
  const sealTokens = (session: Session): Session => {
    const sealed = new Session(session.toObject());
    if (session.accessToken && !box.isSealed(session.accessToken)) {
      sealed.accessToken = box.seal(session.accessToken, session.shop);
    }
    if (session.refreshToken && !box.isSealed(session.refreshToken)) {
      sealed.refreshToken = box.seal(session.refreshToken, session.shop);
    }
    return sealed;
  };
  const openToken = (token: string | undefined, shop: string) =>
    token && box.isSealed(token) ? box.open(token, shop) : token;
  const openTokens = (session: Session | undefined): Session | undefined => {
    if (!session) return undefined;
    try {
      const opened = new Session(session.toObject());
      opened.accessToken = openToken(session.accessToken, session.shop);
      opened.refreshToken = openToken(session.refreshToken, session.shop);
      return opened;
    } catch (error) {
      if (error instanceof SecretUnreadableError) return undefined;
      throw error;
    }
  };
  return {
    storeSession: (session) => inner.storeSession(sealTokens(session)),
    loadSession: async (id) => openTokens(await inner.loadSession(id)),
    deleteSession: (id) => inner.deleteSession(id),
    deleteSessions: (ids) => inner.deleteSessions(ids),
    findSessionsByShop: async (shop) =>
      (await inner.findSessionsByShop(shop)).flatMap((session) => openTokens(session) ?? []),
  };
}
