-- A sale with nothing to pay is paid (statusAtCreation): ₦0 credit sales recorded before waited in Pending.
UPDATE "sales" SET "payment_status" = 'paid', "due_date" = NULL
WHERE "grand_total_kobo" = 0 AND "payment_status" <> 'paid';
