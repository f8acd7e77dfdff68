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
