-- DropIndex
DROP INDEX "Render_shop_state_idx";

-- CreateIndex
CREATE INDEX "Render_shop_state_createdAt_id_idx" ON "Render"("shop", "state", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Render_state_leaseExpiresAt_idx" ON "Render"("state", "leaseExpiresAt");

