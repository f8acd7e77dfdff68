import { z } from "zod";

/** What the sandbox writes to its --ready-file: where everything listens, and the demo store's ids. */
export const sandboxInfoSchema = z.object({
  adminAppUrl: z.url(),
  adminOrigin: z.url(),
  appUrl: z.url(),
  fakeAdminUrl: z.url(),
  simulatorUrl: z.url(),
  simulatorApiKey: z.string().min(1),
  shop: z.string().min(1),
  timeFactor: z.number().positive(),
  demo: z.object({
    shop: z.string(),
    products: z.record(z.string(), z.string()),
    collections: z.record(z.string(), z.string()),
  }),
});
export type SandboxInfo = z.infer<typeof sandboxInfoSchema>;
