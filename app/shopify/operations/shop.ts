/** The shop's time zone, so staff see times as their store shows them. */
export const GET_SHOP_TIME_ZONE = `#graphql
  query GetShopTimeZone {
    shop {
      ianaTimezone
    }
  }
`;
