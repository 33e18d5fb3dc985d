-- The phone as customers are compared by (the domain's phoneKey, which a server test holds this to): a Nigerian
-- mobile number in international form (+2348031234567) however it was typed, anything else as its digits.
CREATE FUNCTION "phone_key_of"("phone" text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN p.digits ~ '^[0-9]+$'
      AND NOT (p.compact LIKE '+%' AND p.digits NOT LIKE '234%')
      AND n.national ~ '^[789][01][0-9]{8}$'
    THEN '+234' || n.national
    ELSE regexp_replace(phone, '[^0-9]', '', 'g')
  END
  FROM (
    SELECT c.compact, CASE WHEN c.compact LIKE '+%' THEN substr(c.compact, 2) ELSE c.compact END AS digits
    FROM (SELECT regexp_replace(phone, '[-[:space:].()]', '', 'g') AS compact) c
  ) p,
  LATERAL (
    SELECT CASE
      WHEN p.digits LIKE '2340%' THEN substr(p.digits, 5)
      WHEN p.digits LIKE '234%' THEN substr(p.digits, 4)
      WHEN p.digits LIKE '0%' THEN substr(p.digits, 2)
      ELSE p.digits
    END AS national
  ) n
$$;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone_key" text GENERATED ALWAYS AS (phone_key_of(phone)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_phone_key_idx" ON "customers" USING btree ("tenant_id","phone_key");--> statement-breakpoint
CREATE INDEX "customers_phone_key_trgm_idx" ON "customers" USING gin ("phone_key" gin_trgm_ops);