import { flatRoutes } from "@remix-run/fs-routes";
import type { RouteConfig } from "@remix-run/route-config";

// The routes are the folders and files of app/routes, by Remix's flat-routes convention (one folder per screen,
// its route module named route.tsx). Tests beside them are not routes.
export default flatRoutes({ ignoredRouteFiles: ["**/.*", "**/*.test.*"] }) satisfies RouteConfig;
