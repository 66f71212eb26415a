-- Counts the stored addresses that the address rule of contract/email.ts (the HTML standard's
-- "valid email address" with three stricter parts; docs/data-rights.md, "Email addresses")
-- now refuses, and says so to whoever migrates (db/client.ts logs a migration's notices).
-- They are left as they are: their accounts still log in, as login takes any address an
-- account holds, but no new link or parent's request goes to them until the address is put
-- right. The pattern is the rule's, as it stood when this migration was written.
DO $$
DECLARE
  atom constant text := '[a-zA-Z0-9!#$%&''*+/=?^_`{|}~-]+';
  label constant text := '[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
  top_label constant text := '[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
  valid constant text := '^' || atom || '(\.' || atom || ')*@(' || label || '\.)+' || top_label || '$';
  accounts integer;
  subscriptions integer;
BEGIN
  SELECT count(*) INTO accounts FROM users
    WHERE char_length(email) > 254 OR email !~ valid;
  SELECT count(*) INTO subscriptions FROM newsletter_subscriptions
    WHERE char_length(email) > 254 OR email !~ valid;
  IF accounts + subscriptions > 0 THEN
    RAISE NOTICE '0007: % account(s) and % newsletter subscription(s) hold an address that today''s address rule refuses (docs/data-rights.md, "Email addresses"). They are kept, and the accounts still log in.',
      accounts, subscriptions;
  END IF;
END $$;
