/** The shop's time zone, so staff see times as their store shows them. */
export const GET_SHOP_TIME_ZONE = `#graphql
  query GetShopTimeZone {
    shop {
      ianaTimezone
    }
  }
`;

/** The shop's id: webhooks that name a shop id are checked against it (ADR 063). */
export const GET_SHOP_ID = `#graphql
  query GetShopId {
    shop {
      id
    }
  }
`;

/** The shop's languages: the primary one is what shoppers read first, so the alt text suggested is in it. */
export const GET_SHOP_LOCALES = `#graphql
  query GetShopLocales {
    shopLocales {
      locale
      primary
    }
  }
`;
