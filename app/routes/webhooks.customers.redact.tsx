import { webhookAction } from "~/web/webhook-delivery.server";

// Model Shots stores no customer data, so there is nothing to erase for a customer.
export const action = webhookAction({
  topic: "customers/redact",
  staleBefore: "install",
  apply: async () => {},
});
