-- CreateEnum
CREATE TYPE "RunStatus" AS ENUM ('active', 'paused', 'cancelled', 'completed');

-- CreateEnum
CREATE TYPE "RenderState" AS ENUM ('queued', 'submitting', 'running', 'stalled', 'rendered', 'importing', 'import_failed', 'in_review', 'publishing', 'published', 'failed', 'submit_unknown', 'rejected', 'cancelled');

-- CreateEnum
CREATE TYPE "LedgerKind" AS ENUM ('charge', 'refund');

-- CreateTable
CREATE TABLE "ShopSettings" (
    "shop" TEXT NOT NULL,
    "tryOnApiKeyEncrypted" TEXT,
    "tryOnApiKeyLast4" TEXT,
    "tryOnKeyHash" TEXT,
    "tryOnBaseUrl" TEXT,
    "concurrencyCap" INTEGER NOT NULL DEFAULT 4,
    "publishWithoutReview" BOOLEAN NOT NULL DEFAULT false,
    "defaultOptions" JSONB,
    "pausedReason" TEXT,
    "pausedMessage" TEXT,
    "pausedAt" TIMESTAMP(3),
    "durationSamplesMs" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShopSettings_pkey" PRIMARY KEY ("shop")
);

-- CreateTable
CREATE TABLE "Look" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Look_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Run" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "scope" JSONB NOT NULL,
    "options" JSONB NOT NULL,
    "estimateCredits" INTEGER NOT NULL,
    "budgetCredits" INTEGER,
    "status" "RunStatus" NOT NULL DEFAULT 'active',
    "requestKey" TEXT,
    "createdBy" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "pausedAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "Run_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Render" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "runId" TEXT,
    "productId" TEXT NOT NULL,
    "productTitle" TEXT NOT NULL,
    "sourceImages" JSONB NOT NULL,
    "params" JSONB NOT NULL,
    "resolution" TEXT NOT NULL,
    "lookKey" TEXT NOT NULL,
    "creditsCost" INTEGER NOT NULL,
    "state" "RenderState" NOT NULL DEFAULT 'queued',
    "nextAttemptAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "leaseOwner" TEXT,
    "leaseToken" INTEGER NOT NULL DEFAULT 0,
    "leaseExpiresAt" TIMESTAMP(3),
    "externalJobId" TEXT,
    "serviceStatus" TEXT,
    "outputUrl" TEXT,
    "pollCount" INTEGER NOT NULL DEFAULT 0,
    "lastPolledAt" TIMESTAMP(3),
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "creditsCharged" INTEGER NOT NULL DEFAULT 0,
    "creditsRefunded" INTEGER NOT NULL DEFAULT 0,
    "fileId" TEXT,
    "fileStatus" TEXT,
    "publishOptions" JSONB,
    "reviewDecision" TEXT,
    "reviewedBy" TEXT,
    "reviewedAt" TIMESTAMP(3),
    "regeneratedFromId" TEXT,
    "requestKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "submittingAt" TIMESTAMP(3),
    "submittedAt" TIMESTAMP(3),
    "renderedAt" TIMESTAMP(3),
    "importedAt" TIMESTAMP(3),
    "publishedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Render_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CreditLedgerEntry" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "renderId" TEXT NOT NULL,
    "kind" "LedgerKind" NOT NULL,
    "credits" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CreditLedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ServiceGate" (
    "keyHash" TEXT NOT NULL,
    "pausedUntil" TIMESTAMP(3),
    "consecutiveFailures" INTEGER NOT NULL DEFAULT 0,
    "circuitOpenUntil" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ServiceGate_pkey" PRIMARY KEY ("keyHash")
);

-- CreateIndex
CREATE INDEX "ShopSettings_tryOnKeyHash_idx" ON "ShopSettings"("tryOnKeyHash");

-- CreateIndex
CREATE UNIQUE INDEX "Look_shop_name_key" ON "Look"("shop", "name");

-- CreateIndex
CREATE INDEX "Run_shop_createdAt_idx" ON "Run"("shop", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Run_shop_requestKey_key" ON "Run"("shop", "requestKey");

-- CreateIndex
CREATE INDEX "Render_nextAttemptAt_state_idx" ON "Render"("nextAttemptAt", "state");

-- CreateIndex
CREATE INDEX "Render_shop_state_idx" ON "Render"("shop", "state");

-- CreateIndex
CREATE INDEX "Render_runId_state_idx" ON "Render"("runId", "state");

-- CreateIndex
CREATE INDEX "Render_shop_createdAt_idx" ON "Render"("shop", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Render_shop_productId_lookKey_idx" ON "Render"("shop", "productId", "lookKey");

-- CreateIndex
CREATE UNIQUE INDEX "Render_shop_requestKey_key" ON "Render"("shop", "requestKey");

-- CreateIndex
CREATE INDEX "CreditLedgerEntry_shop_createdAt_idx" ON "CreditLedgerEntry"("shop", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CreditLedgerEntry_renderId_kind_key" ON "CreditLedgerEntry"("renderId", "kind");

-- AddForeignKey
ALTER TABLE "ShopSettings" ADD CONSTRAINT "ShopSettings_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Look" ADD CONSTRAINT "Look_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Render" ADD CONSTRAINT "Render_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Render" ADD CONSTRAINT "Render_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditLedgerEntry" ADD CONSTRAINT "CreditLedgerEntry_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditLedgerEntry" ADD CONSTRAINT "CreditLedgerEntry_renderId_fkey" FOREIGN KEY ("renderId") REFERENCES "Render"("id") ON DELETE CASCADE ON UPDATE CASCADE;

