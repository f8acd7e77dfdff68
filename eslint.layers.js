/**
 * The app's layers, lowest first (docs/decisions/059-layers.md). A module may import from its own layer and the
 * layers below it; `npm run lint` fails on an import that points up. Tests are leaves and may import anything.
 */
export const APP_LAYERS = [
  { name: "base", paths: ["app/lib", "app/db", "app/types"] },
  { name: "boundaries", paths: ["app/env.server.ts", "app/db.server.ts", "app/net", "app/tryon"] },
  {
    name: "domain",
    paths: [
      "app/renders/lifecycle",
      "app/renders/listings",
      "app/catalog",
      "app/looks",
      "app/settings",
      "app/shops",
      "app/colour",
      "app/metrics",
    ],
  },
  { name: "domain flows", paths: ["app/renders/runs", "app/renders/review", "app/renders/colour-variants"] },
  { name: "adapters and the worker", paths: ["app/shopify", "app/shopify.server.ts", "app/worker"] },
  { name: "request glue", paths: ["app/web", "app/components", "app/i18n"] },
  { name: "screens", paths: ["app/routes", "app/root.tsx", "app/entry.server.tsx", "app/routes.ts"] },
];

/** One zone per layer: its files may not import from any layer above it. */
export function appLayerZones(layers = APP_LAYERS) {
  return layers.slice(0, -1).map((layer, index) => {
    const above = layers.slice(index + 1);
    return {
      target: layer.paths,
      from: above.flatMap((upper) => upper.paths),
      message: `The ${layer.name} layer imports nothing from the layers above it (${above.map((upper) => upper.name).join(", ")}).`,
    };
  });
}
