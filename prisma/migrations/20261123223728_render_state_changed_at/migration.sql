-- AlterTable
ALTER TABLE "Render" ADD COLUMN     "lastStateMs" INTEGER,
ADD COLUMN     "stateChangedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;


-- Every change of state, by any statement (Prisma's updates, the worker's batched SQL, a person's action), records
-- when it happened and how long the previous state lasted, for whoever logs the transition.
CREATE FUNCTION render_state_changed_at() RETURNS trigger AS $$
BEGIN
  IF NEW.state IS DISTINCT FROM OLD.state THEN
    NEW."stateChangedAt" := statement_timestamp() AT TIME ZONE 'UTC';
    NEW."lastStateMs" := round(extract(epoch FROM NEW."stateChangedAt" - OLD."stateChangedAt") * 1000)::int;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER render_state_changed_at BEFORE UPDATE OF state ON "Render"
  FOR EACH ROW EXECUTE FUNCTION render_state_changed_at();
