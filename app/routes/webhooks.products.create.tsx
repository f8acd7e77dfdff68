import { productWebhookAction } from "~/web/product-webhook.server";

export const action = productWebhookAction("products/create");
