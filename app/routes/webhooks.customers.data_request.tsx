import { webhookAction } from "~/web/webhook-delivery.server";

// Model Shots stores product images and staff decisions, never customer data: there is nothing to report.
export const action = webhookAction({
  topic: "customers/data_request",
  staleBefore: "install",
  apply: async () => {},
});
