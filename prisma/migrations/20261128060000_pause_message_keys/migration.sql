-- A shop's pause is stored as the message key staff's words come from (messages:paused.<reason>), not as English
-- words: the extensions' dialogs showed them to staff of every language. Rows paused before this get their key.
UPDATE "ShopSettings"
SET "pausedMessage" = 'messages:paused.' || "pausedReason"
WHERE "pausedReason" IS NOT NULL;
