import { BlockStack, Text } from "@shopify/polaris";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import { garmentName, type WhatIsSent } from "~/looks/what-is-sent";
import { DEFAULT_TRYON_ENUMS } from "~/tryon/wire";

/**
 * whatIsSent names a render's garment and stand-ins in English ("Top (t shirt)", "The pose chosen in the look");
 * the page says them in the staff member's language from the garment they were made from. A message key (once the
 * producer sends one) is said as such; a name from the try-on catalog (a model, a pose) is data and shown as it is.
 */
const GARMENT_BY_NAME = new Map<string, { type: string; category: string | null }>(
  DEFAULT_TRYON_ENUMS.productTypes.flatMap((type) => [
    [garmentName(type), { type, category: null }] as const,
    ...DEFAULT_TRYON_ENUMS.productCategories
      .filter((category) => category !== type)
      .map((category) => [garmentName(type, category), { type, category }] as const),
  ]),
);

const STAND_INS: Record<string, string> = {
  "The model chosen in the look": "sent.modelInLook",
  "The pose chosen in the look": "sent.poseInLook",
  "The background chosen in the look": "sent.backgroundInLook",
  "Your own background image": "sent.ownBackground",
  "The service's default background": "sent.serviceBackground",
};

/** What a render will send, by name, shown beside the cost before anything is spent (Generate and Bulk run). */
export function WhatIsSentList({ sent, heading }: { sent: WhatIsSent; heading?: string }) {
  const { t } = useTranslation("lookFields");
  const say = useStaffMessage();
  const nameOf = (value: string) => {
    const standIn = STAND_INS[value];
    return standIn ? t(standIn) : say(value);
  };
  const garment = GARMENT_BY_NAME.get(sent.garment);
  const garmentWords = !garment
    ? say(sent.garment)
    : garment.category === null
      ? t(`sent.garmentType.${garment.type}`)
      : t("sent.garmentWithCategory", {
          type: t(`sent.garmentType.${garment.type}`),
          category: t(`options:productCategory.${garment.category}`),
        });
  return (
    <BlockStack gap="100">
      {heading !== undefined ? (
        <Text as="p" fontWeight="semibold">
          {heading}
        </Text>
      ) : null}
      <Text as="p">{t("sent.garment", { name: garmentWords })}</Text>
      <Text as="p">{t("sent.model", { name: nameOf(sent.model) })}</Text>
      <Text as="p">{t("sent.pose", { name: nameOf(sent.pose) })}</Text>
      <Text as="p">{t("sent.background", { name: nameOf(sent.background) })}</Text>
    </BlockStack>
  );
}
