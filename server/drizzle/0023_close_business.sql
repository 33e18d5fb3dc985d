-- Closing a business (Settings → Delete Account) removes every row of it, its audit trail too. The trail stays
-- append-only for everyone else: a DELETE passes only for rows of the tenant named in the transaction-local
-- setting app.closing_tenant (set_config('app.closing_tenant', id, true) inside the closing transaction).
CREATE OR REPLACE FUNCTION "audit_entries_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.tenant_id::text = current_setting('app.closing_tenant', true) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit entries are append-only' USING ERRCODE = 'insufficient_privilege';
END $$;
