-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "currentInstallSince" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "shopifyShopId" TEXT;

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "shop" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("shop","webhookId")
);

-- CreateIndex
CREATE INDEX "WebhookDelivery_shop_receivedAt_idx" ON "WebhookDelivery"("shop", "receivedAt");

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;


-- Installs from before this column: their current install is taken to have begun at their first install (the
-- earliest it can have), so no webhook of theirs is wrongly taken for one of an earlier install.
UPDATE "Shop" SET "currentInstallSince" = "installedAt";
