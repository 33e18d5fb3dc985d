import { z } from 'zod';

/** The hours (Lagos) the daily summary may go out at. */
export const SUMMARY_HOURS = { min: 0, max: 23 } as const;

/** PUT /api/settings/alerts (Settings → Alerts): which alerts the business gets, and the summary's hour. */
export const ZAlertSettingsRequestSchema = z.object({
  low_stock_enabled: z.boolean({ error: 'Low-stock alerts must be on or off' }),
  daily_summary_enabled: z.boolean({ error: 'The daily summary must be on or off' }),
  daily_summary_hour: z
    .number({ error: 'Pick the hour of the daily summary' })
    .int({ error: 'Pick the hour of the daily summary' })
    .min(SUMMARY_HOURS.min, { error: 'The hour must be between 0 and 23' })
    .max(SUMMARY_HOURS.max, { error: 'The hour must be between 0 and 23' }),
});
export type TAlertSettingsRequest = z.infer<typeof ZAlertSettingsRequestSchema>;

/** The settings, and whether the business's plan sends alerts at all (Pro). */
export const ZAlertSettingsSchema = ZAlertSettingsRequestSchema.extend({
  plan_allows: z.boolean(),
});
export type TAlertSettings = z.infer<typeof ZAlertSettingsSchema>;
