/**
 * Shopify's documented sample payload of every topic the app subscribes to, copied as written (field order, nulls,
 * numbers) from its webhook reference, https://shopify.dev/docs/api/webhooks/2026-07 ("<topic>: Sample Payload"),
 * read 2026-11-27 from a copy fetched 2026-09-11. Kept as JSON text, not objects: JavaScript would round ids past 2^53
 * (products/delete's 788032119674292922) before the app ever saw them. `{shop}` is Shopify's own placeholder for the
 * store's name; samplePayload fills it in.
 */

export const WEBHOOK_SAMPLES = {
  "app/uninstalled": `{
  "id": 548380009,
  "name": "Super Toys",
  "email": "super@supertoys.com",
  "domain": null,
  "province": "Tennessee",
  "country": "US",
  "address1": "190 MacLaren Street",
  "zip": "37178",
  "city": "Houston",
  "source": null,
  "phone": "3213213210",
  "latitude": null,
  "longitude": null,
  "primary_locale": "en",
  "address2": null,
  "created_at": null,
  "updated_at": null,
  "country_code": "US",
  "country_name": "United States",
  "currency": "USD",
  "customer_email": "super@supertoys.com",
  "timezone": "(GMT-05:00) Eastern Time (US & Canada)",
  "iana_timezone": null,
  "shop_owner": "John Smith",
  "money_format": "\${{amount}}",
  "money_with_currency_format": "\${{amount}} USD",
  "weight_unit": "kg",
  "province_code": "TN",
  "taxes_included": null,
  "auto_configure_tax_inclusivity": null,
  "tax_shipping": null,
  "county_taxes": null,
  "plan_display_name": "Shopify Plus",
  "plan_name": "enterprise",
  "has_discounts": false,
  "has_gift_cards": true,
  "myshopify_domain": null,
  "google_apps_domain": null,
  "google_apps_login_enabled": null,
  "money_in_emails_format": "\${{amount}}",
  "money_with_currency_in_emails_format": "\${{amount}} USD",
  "eligible_for_payments": true,
  "requires_extra_payments_agreement": false,
  "password_enabled": null,
  "has_storefront": true,
  "finances": true,
  "primary_location_id": 655441491,
  "checkout_api_supported": true,
  "multi_location_enabled": true,
  "setup_required": false,
  "pre_launch_enabled": false,
  "enabled_presentment_currencies": [
    "USD"
  ],
  "marketing_sms_consent_enabled_at_checkout": false,
  "transactional_sms_disabled": false
}`,
  "app/scopes_update": `{
  "id": 1,
  "shop_id": "gid://shopify/Shop/548380009",
  "previous": [
    "read_products"
  ],
  "current": [
    "read_products",
    "write_products"
  ],
  "updated_at": "2024-06-25T00:00:00.000Z"
}`,
  "bulk_operations/finish": `{
  "admin_graphql_api_id": "gid://shopify/BulkOperation/147595010",
  "completed_at": "2024-01-01T07:34:56-05:00",
  "created_at": "2026-07-01T12:17:28-04:00",
  "error_code": null,
  "status": "completed",
  "type": "query"
}`,
  "products/delete": `{
  "id": 788032119674292922
}`,
  "customers/data_request": `{
  "shop_id": 954889,
  "shop_domain": "{shop}.myshopify.com",
  "customer": {
    "id": 191167,
    "email": "john@example.com",
    "phone": "555-625-1199"
  },
  "orders_requested": [
    299938,
    280263,
    220458
  ],
  "data_request": {
    "id": 9999
  }
}`,
  "customers/redact": `{
  "shop_id": 954889,
  "shop_domain": "{shop}.myshopify.com",
  "customer": {
    "id": 191167,
    "email": "john@example.com",
    "phone": "555-625-1199"
  },
  "orders_to_redact": [
    299938,
    280263,
    220458
  ]
}`,
  // products/create and products/update document the same product resource; this is the products/create sample.
  "products/create": `{
  "admin_graphql_api_id": "gid://shopify/Product/788032119674292922",
  "body_html": "An example T-Shirt",
  "created_at": null,
  "handle": "example-t-shirt",
  "id": 788032119674292922,
  "product_type": "Shirts",
  "published_at": "2021-12-31T19:00:00-05:00",
  "template_suffix": null,
  "title": "Example T-Shirt",
  "updated_at": "2021-12-31T19:00:00-05:00",
  "vendor": "Acme",
  "status": "active",
  "published_scope": "web",
  "tags": "example, mens, t-shirt",
  "variants": [
    {
      "admin_graphql_api_id": "gid://shopify/ProductVariant/642667041472713922",
      "barcode": null,
      "compare_at_price": "24.99",
      "created_at": "2021-12-29T19:00:00-05:00",
      "id": 642667041472713922,
      "inventory_policy": "deny",
      "position": 1,
      "price": "19.99",
      "product_id": 788032119674292922,
      "sku": null,
      "taxable": true,
      "title": "Small",
      "updated_at": "2021-12-30T19:00:00-05:00",
      "option1": "Small",
      "option2": null,
      "option3": null,
      "image_id": null,
      "inventory_item_id": null,
      "inventory_quantity": 75,
      "old_inventory_quantity": 75
    },
    {
      "admin_graphql_api_id": "gid://shopify/ProductVariant/757650484644203962",
      "barcode": null,
      "compare_at_price": "24.99",
      "created_at": "2021-12-29T19:00:00-05:00",
      "id": 757650484644203962,
      "inventory_policy": "deny",
      "position": 2,
      "price": "19.99",
      "product_id": 788032119674292922,
      "sku": null,
      "taxable": true,
      "title": "Medium",
      "updated_at": "2021-12-31T19:00:00-05:00",
      "option1": "Medium",
      "option2": null,
      "option3": null,
      "image_id": null,
      "inventory_item_id": null,
      "inventory_quantity": 50,
      "old_inventory_quantity": 50
    }
  ],
  "options": [],
  "images": [],
  "image": null,
  "media": [],
  "variant_gids": [
    {
      "admin_graphql_api_id": "gid://shopify/ProductVariant/757650484644203962",
      "updated_at": "2022-01-01T00:00:00.000Z"
    },
    {
      "admin_graphql_api_id": "gid://shopify/ProductVariant/642667041472713922",
      "updated_at": "2021-12-31T00:00:00.000Z"
    }
  ],
  "has_variants_that_requires_components": false,
  "category": null
}`,
  "products/update": `{
  "admin_graphql_api_id": "gid://shopify/Product/788032119674292922",
  "body_html": "An example T-Shirt",
  "created_at": null,
  "handle": "example-t-shirt",
  "id": 788032119674292922,
  "product_type": "Shirts",
  "published_at": "2021-12-31T19:00:00-05:00",
  "template_suffix": null,
  "title": "Example T-Shirt",
  "updated_at": "2021-12-31T19:00:00-05:00",
  "vendor": "Acme",
  "status": "active",
  "published_scope": "web",
  "tags": "example, mens, t-shirt",
  "variants": [
    {
      "admin_graphql_api_id": "gid://shopify/ProductVariant/642667041472713922",
      "barcode": null,
      "compare_at_price": "24.99",
      "created_at": "2021-12-29T19:00:00-05:00",
      "id": 642667041472713922,
      "inventory_policy": "deny",
      "position": 1,
      "price": "19.99",
      "product_id": 788032119674292922,
      "sku": null,
      "taxable": true,
      "title": "Small",
      "updated_at": "2021-12-30T19:00:00-05:00",
      "option1": "Small",
      "option2": null,
      "option3": null,
      "image_id": null,
      "inventory_item_id": null,
      "inventory_quantity": 75,
      "old_inventory_quantity": 75
    },
    {
      "admin_graphql_api_id": "gid://shopify/ProductVariant/757650484644203962",
      "barcode": null,
      "compare_at_price": "24.99",
      "created_at": "2021-12-29T19:00:00-05:00",
      "id": 757650484644203962,
      "inventory_policy": "deny",
      "position": 2,
      "price": "19.99",
      "product_id": 788032119674292922,
      "sku": null,
      "taxable": true,
      "title": "Medium",
      "updated_at": "2021-12-31T19:00:00-05:00",
      "option1": "Medium",
      "option2": null,
      "option3": null,
      "image_id": null,
      "inventory_item_id": null,
      "inventory_quantity": 50,
      "old_inventory_quantity": 50
    }
  ],
  "options": [],
  "images": [],
  "image": null,
  "media": [],
  "variant_gids": [
    {
      "admin_graphql_api_id": "gid://shopify/ProductVariant/757650484644203962",
      "updated_at": "2022-01-01T00:00:00.000Z"
    },
    {
      "admin_graphql_api_id": "gid://shopify/ProductVariant/642667041472713922",
      "updated_at": "2021-12-31T00:00:00.000Z"
    }
  ],
  "has_variants_that_requires_components": false,
  "category": null
}`,
  "shop/redact": `{
  "shop_id": 954889,
  "shop_domain": "{shop}.myshopify.com"
}`,
} as const;

export type SampleTopic = keyof typeof WEBHOOK_SAMPLES;

/** The shop id each sample names (the samples disagree: the shop object's 548380009, the compliance topics' 954889). */
export const SAMPLE_SHOP_IDS: Record<SampleTopic, string | null> = {
  "app/uninstalled": "548380009",
  "app/scopes_update": "548380009",
  "bulk_operations/finish": null,
  "products/delete": null,
  "products/create": null,
  "products/update": null,
  "customers/data_request": "954889",
  "customers/redact": "954889",
  "shop/redact": "954889",
};

/** A sample's JSON text for a shop (`{shop}` filled in with its store name). */
export function samplePayload(topic: SampleTopic, shop: string): string {
  return WEBHOOK_SAMPLES[topic].replaceAll("{shop}", shop.replace(/\.myshopify\.com$/, ""));
}
