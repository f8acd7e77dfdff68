import { createContext, useContext } from "react";

/** The shop's time zone (from Shopify), provided once by the app's layout for every time shown below it. */
export const ShopTimeZoneContext = createContext("UTC");

export const useShopTimeZone = () => useContext(ShopTimeZoneContext);
