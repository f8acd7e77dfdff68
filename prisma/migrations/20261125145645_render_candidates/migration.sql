-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "candidatesPerProduct" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Render" ADD COLUMN     "candidateGroup" TEXT,
ADD COLUMN     "candidateIndex" INTEGER;

-- CreateIndex
CREATE INDEX "Render_shop_candidateGroup_idx" ON "Render"("shop", "candidateGroup");

