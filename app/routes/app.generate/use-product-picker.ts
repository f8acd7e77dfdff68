import { useNavigate } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";

/** Opens App Bridge's product picker and goes to the Generate page of the product chosen. */
export function useProductPicker() {
  const shopify = useAppBridge();
  const navigate = useNavigate();
  return async () => {
    const picked = await shopify.resourcePicker({ type: "product", action: "select", multiple: false });
    const product = picked?.[0];
    if (product) navigate(`/app/generate?productId=${encodeURIComponent(product.id)}`);
  };
}
