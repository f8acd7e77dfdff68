-- AlterTable
ALTER TABLE "ShopSettings" ADD COLUMN     "automationMonthlyBudgetCredits" INTEGER;

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "ruleId" TEXT;

-- CreateTable
CREATE TABLE "AutomationRule" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "match" JSONB NOT NULL,
    "options" JSONB NOT NULL,
    "candidates" INTEGER NOT NULL DEFAULT 1,
    "monthlyBudgetCredits" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AutomationRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AutomationDelivery" (
    "shop" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "productUpdatedAt" TIMESTAMP(3) NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "product" JSONB NOT NULL,
    "processedAt" TIMESTAMP(3),

    CONSTRAINT "AutomationDelivery_pkey" PRIMARY KEY ("shop","webhookId")
);

-- CreateTable
CREATE TABLE "AutomationProduct" (
    "ruleId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "lookKey" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "credits" INTEGER NOT NULL,
    "month" TEXT NOT NULL,
    "queuedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AutomationProduct_pkey" PRIMARY KEY ("ruleId","productId","lookKey")
);

-- CreateTable
CREATE TABLE "AutomationSpend" (
    "shop" TEXT NOT NULL,
    "ruleId" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "credits" INTEGER NOT NULL DEFAULT 0,
    "renders" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "AutomationSpend_pkey" PRIMARY KEY ("shop","ruleId","month")
);

-- CreateIndex
CREATE INDEX "AutomationRule_shop_enabled_idx" ON "AutomationRule"("shop", "enabled");

-- CreateIndex
CREATE INDEX "AutomationDelivery_processedAt_shop_receivedAt_idx" ON "AutomationDelivery"("processedAt", "shop", "receivedAt");

-- CreateIndex
CREATE INDEX "AutomationSpend_shop_month_idx" ON "AutomationSpend"("shop", "month");

-- CreateIndex
CREATE INDEX "Run_ruleId_idx" ON "Run"("ruleId");

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "AutomationRule"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutomationRule" ADD CONSTRAINT "AutomationRule_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutomationDelivery" ADD CONSTRAINT "AutomationDelivery_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutomationProduct" ADD CONSTRAINT "AutomationProduct_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "AutomationRule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutomationSpend" ADD CONSTRAINT "AutomationSpend_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;

